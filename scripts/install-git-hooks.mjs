// `npm install`'s prepare step: points git at scripts/git-hooks, so a commit
// message is checked as it is written. Does nothing outside a git checkout,
// or where the user has chosen hooks of their own.
import { execFileSync } from 'node:child_process';

const HOOKS_PATH = 'scripts/git-hooks';

function git(...args) {
  return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
}

try {
  if (git('rev-parse', '--is-inside-work-tree') !== 'true') process.exit(0);
} catch {
  process.exit(0); // not a checkout, or no git
}
let current = '';
try {
  current = git('config', '--get', 'core.hooksPath');
} catch {
  // unset: git exits 1
}
if (current === '') git('config', 'core.hooksPath', HOOKS_PATH);
else if (current !== HOOKS_PATH)
  console.log(`git hooks: core.hooksPath is ${current}; leaving it (ours are in ${HOOKS_PATH})`);
