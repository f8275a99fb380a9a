// docs/cli.md holds every command's own --help, current: a new option or a
// changed help text without `npm run docs:cli` fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../cli/commands/index';
import { CLI_DOC, renderCommands, withCommands } from '../../scripts/cli-doc';

describe('docs/cli.md', () => {
  const doc = readFileSync(CLI_DOC, 'utf8');

  it('holds each command’s help as the command prints it', async () => {
    expect(doc).toBe(withCommands(doc, await renderCommands()));
  });

  it('has a section for every command', () => {
    for (const { name } of COMMANDS) expect(doc).toContain(`\n## ${name}\n`);
  });
});
