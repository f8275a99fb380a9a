// Run before `npm start` and `npm run dist` in plain JavaScript, so that even
// a Node too old for the rest of the tool chain gets one clear line instead
// of a stack trace about a missing binary. The range is package.json's
// engines.node, alternatives of the form ^X.Y.Z or >=X.Y.Z joined by ||.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

function parts(version) {
  return version
    .replace(/^v/, '')
    .split('.')
    .map((n) => Number.parseInt(n, 10) || 0);
}

function atLeast(version, minimum) {
  for (let i = 0; i < 3; i++) {
    if ((version[i] || 0) !== (minimum[i] || 0)) return (version[i] || 0) > (minimum[i] || 0);
  }
  return true;
}

/** Whether `version` satisfies `range` (^X.Y.Z and >=X.Y.Z alternatives only). */
export function satisfies(version, range) {
  const v = parts(version);
  return range.split('||').some((alternative) => {
    const text = alternative.trim();
    const caret = /^\^(\d+(?:\.\d+){0,2})$/.exec(text);
    if (caret) {
      const min = parts(caret[1]);
      return v[0] === min[0] && atLeast(v, min);
    }
    const floor = /^>=\s*(\d+(?:\.\d+){0,2})$/.exec(text);
    if (floor) return atLeast(v, parts(floor[1]));
    throw new Error(`package.json engines.node: cannot read "${text}" (use ^X.Y.Z or >=X.Y.Z)`);
  });
}

/** The line to print when this Node cannot run the tool, else null. */
export function nodeVersionProblem(version, range) {
  if (satisfies(version, range)) return null;
  return `ATLAS Adjudicator needs Node ${range}; this is Node ${version.replace(/^v/, '')}. Install a supported Node (e.g. the current LTS) and run the command again.`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const problem = nodeVersionProblem(process.versions.node, manifest.engines.node);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
