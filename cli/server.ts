// The loopback bridge ("browser mode"): the renderer and the whole API over
// HTTP on 127.0.0.1, for headless use and end-to-end tests. See bridge/security.ts
// for why each check exists.
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { ServiceHandle } from '../db/service';
import type { AdjudicatorService } from '../shared/api';
import { handleApi } from './bridge/api-route';
import { demoWorkspace } from './demo-workspace';
import { MAX_BODY_BYTES } from './bridge/body';
import { sendError } from './bridge/respond';
import { hostAllowed, newToken, originAllowed } from './bridge/security';
import { serveStatic } from './bridge/static-route';

export const DEFAULT_RENDERER_DIR = fileURLToPath(new URL('../dist/renderer', import.meta.url));

export interface ServerOptions {
  dbPath: string;
  /** 0 or absent: a free port. */
  port?: number;
  /** The built renderer (default `<repo>/dist/renderer`). */
  rendererDir?: string;
  engineer?: string;
  /** An already open service (a ServiceHandle, or any implementation of the contract); the caller keeps ownership and closes it. */
  service?: AdjudicatorService;
  /** Request body cap in bytes (default 5 MB). */
  maxBodyBytes?: number;
}

export interface RunningServer {
  /** The URL to open: `http://127.0.0.1:<port>/#token=<token>` (the fragment never reaches a server or a log). */
  url: string;
  /** `http://127.0.0.1:<port>`, for API calls. */
  origin: string;
  token: string;
  port: number;
  close(): Promise<void>;
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const ownsService = options.service === undefined;
  const service =
    options.service ??
    (await import('../db/service')).openService({
      dbPath: options.dbPath,
      demoWorkspace,
      prewarmSearch: true,
      ...(options.engineer ? { engineer: options.engineer } : {}),
    });
  const token = newToken();
  const rendererDir = options.rendererDir ?? DEFAULT_RENDERER_DIR;
  let port = 0;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!hostAllowed(req.headers, port)) {
      sendError(res, 421, 'unexpected Host header');
      return;
    }
    if (!originAllowed(req.headers, port)) {
      sendError(res, 403, 'foreign Origin refused');
      return;
    }
    const rawUrl = req.url ?? '';
    // Only origin-form targets ("/path"): absolute-form would let Host and URL disagree.
    if (!rawUrl.startsWith('/')) {
      sendError(res, 400, 'bad request target');
      return;
    }
    const rawPath = rawUrl.split('?')[0] ?? '/';
    if (rawPath === '/api' || rawPath.startsWith('/api/')) {
      await handleApi(req, res, rawPath, { token, service, maxBodyBytes: options.maxBodyBytes ?? MAX_BODY_BYTES });
    } else {
      await serveStatic(req, res, rawPath, rendererDir);
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      // Last resort: never leave a request hanging, never send a stack.
      if (!res.headersSent) sendError(res, 500, err instanceof Error ? err.message : 'internal error');
      else res.destroy();
    });
  });
  // A slow or stuck client must not hold the server forever.
  server.requestTimeout = 60_000;
  server.headersTimeout = 20_000;

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ host: '127.0.0.1', port: options.port ?? 0 }, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    if (ownsService) (service as ServiceHandle).close();
    throw err;
  }
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;

  let closing: Promise<void> | null = null;
  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }).then(() => {
      if (ownsService) (service as ServiceHandle).close();
    });
    return closing;
  };

  return { url: `${origin}/#token=${token}`, origin, token, port, close };
}
