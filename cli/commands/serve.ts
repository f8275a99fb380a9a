// `serve [--port N]`: browser mode on 127.0.0.1 until Ctrl+C / SIGTERM.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { dbPathOf, engineerOf, integerOption, parseCommand, positionals } from '../args';
import { write, writeJsonLine } from '../context';
import type { CliContext } from '../context';
import { CliError, EXIT, UsageError } from '../errors';
import { DEFAULT_RENDERER_DIR, startServer } from '../server';
import type { RunningServer } from '../server';
import { COMMON_HELP } from './types';
import type { Command } from './types';

const HELP = `Usage: atlas-adjudicator serve [--port N] [--engineer NAME] [--json] [--db FILE]

Serves the app in browser mode on 127.0.0.1 only, and prints the URL to open,
which carries a per-launch token (after '#', so it never reaches a server log).
Stops on Ctrl+C or SIGTERM.

  --port N          the port (default 0: a free one)
  --engineer NAME   default engineer for rulings (default: $ATLAS_ADJUDICATOR_ENGINEER, else settings, else the OS user)

With --json: one line {"url","origin","port","token","db"}.

${COMMON_HELP}
`;

async function run(argv: string[], ctx: CliContext): Promise<number> {
  const { values, positionals: given } = parseCommand('serve', argv, {
    port: { type: 'string' },
    engineer: { type: 'string' },
  });
  positionals('serve', given, []);
  const port = integerOption('serve', '--port', values.port) ?? 0;
  if (port > 65535) throw new UsageError(`serve: --port must be at most 65535, got ${port}`);
  const engineer = engineerOf(values.engineer, ctx);
  const dbPath = dbPathOf(values.db, ctx);

  // Runs until stopped: the first search then usually finds the index built.
  const service = await ctx.openService({
    dbPath,
    prewarmSearch: true,
    confirmEngineer: true,
    ...(engineer !== undefined ? { engineer } : {}),
  });
  let server: RunningServer;
  try {
    server = await startServer({ dbPath, port, service });
  } catch (err) {
    service.close();
    if ((err as { code?: string }).code === 'EADDRINUSE')
      throw new CliError(`serve: --port: port ${port} is already in use`);
    throw err;
  }
  // Subscribe before printing: whoever reads the URL may signal at once.
  const stopped = new Promise<NodeJS.Signals>((resolve) => {
    const off = ctx.onSignal(['SIGINT', 'SIGTERM'], (signal) => {
      off();
      resolve(signal);
    });
  });
  if (values.json) {
    await writeJsonLine(ctx.stdout, {
      url: server.url,
      origin: server.origin,
      port: server.port,
      token: server.token,
      db: dbPath,
    });
  } else {
    await write(
      ctx.stdout,
      `ATLAS Adjudicator (browser mode) on 127.0.0.1:${server.port}, store ${dbPath}\nOpen: ${server.url}\nPress Ctrl+C to stop.\n`,
    );
  }
  if (!existsSync(join(DEFAULT_RENDERER_DIR, 'index.html'))) {
    await write(
      ctx.stderr,
      `atlas-adjudicator: note: the app is not built (${DEFAULT_RENDERER_DIR}); run 'npm run build' for the UI. The API works.\n`,
    );
  }
  await stopped;
  await server.close();
  // Closing cancels a running import; waiting lets its transaction roll back before the process exits.
  service.close();
  await service.idle();
  return EXIT.ok;
}

export const serveCommand: Command = { help: HELP, run };
