// docs/cli.md's command sections are each command's own --help, so the
// reference cannot drift from the code: `npm run docs:cli` writes them, and
// tests/docs/cli-doc.test.ts fails when they are out of date.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMMANDS } from '../cli/commands/index';

export const CLI_DOC = join(import.meta.dirname, '..', 'docs', 'cli.md');
const START = "<!-- commands: written by `npm run docs:cli` from each command's --help -->";
const END = '<!-- end of commands -->';

/** The generated part: a table of the commands, then each one's help text. */
export async function renderCommands(): Promise<string> {
  const parts = ['| command | what it does |', '| --- | --- |'];
  for (const entry of COMMANDS) parts.push(`| [\`${entry.name}\`](#${entry.name}) | ${entry.summary} |`);
  for (const entry of COMMANDS) {
    const { help } = await entry.load();
    parts.push('', `## ${entry.name}`, '', '```text', help.trimEnd(), '```');
  }
  return `${START}\n${parts.join('\n')}\n${END}`;
}

/** docs/cli.md with its generated part replaced by `commands`. */
export function withCommands(doc: string, commands: string): string {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${CLI_DOC}: the markers around the generated commands are missing`);
  return doc.slice(0, start) + commands + doc.slice(end + END.length);
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const doc = readFileSync(CLI_DOC, 'utf8');
  writeFileSync(CLI_DOC, withCommands(doc, await renderCommands()));
  console.log(`wrote ${CLI_DOC}`);
}
