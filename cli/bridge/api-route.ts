// POST /api/<method>: one generic dispatcher over the whole contract, so a new
// API method needs no change here (design.md §2).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isMethodName, parseInput } from '../../shared/api';
import type { AdjudicatorService, MethodName } from '../../shared/api';
import { refusalKindOf } from '../../shared/api-errors';
import { BodyError, isJsonContentType, readJsonBody } from './body';
import { errorStatus } from './error-status';
import { sendError, sendJson } from './respond';
import { presentedToken, tokenMatches } from './security';

export interface ApiRouteOptions {
  token: string;
  service: AdjudicatorService;
  maxBodyBytes?: number;
}

/** Calls one method with unknown input; the single place the typed contract meets untyped JSON. */
async function dispatch(service: AdjudicatorService, name: MethodName, input: unknown): Promise<unknown> {
  const parsed = parseInput(name, input);
  const call = service[name] as (arg: typeof parsed) => unknown;
  return await call.call(service, parsed);
}

function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}

export async function handleApi(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  options: ApiRouteOptions,
): Promise<void> {
  // Method first: a GET to /api is never meaningful, with or without a token.
  if (req.method !== 'POST') {
    sendError(res, 405, 'the API accepts POST only', { Allow: 'POST' });
    return;
  }
  // Token before anything that reveals the contract (404 on names) or reads the body.
  if (!tokenMatches(presentedToken(req.headers), options.token)) {
    sendError(res, 401, 'missing or wrong token', { 'WWW-Authenticate': 'Bearer' });
    return;
  }
  const name = decodeMethodName(pathname);
  if (name === null || !isMethodName(name)) {
    sendError(res, 404, `unknown API method: ${name ?? pathname}`);
    return;
  }
  if (!isJsonContentType(req.headers['content-type'])) {
    sendError(res, 415, 'request body must be application/json');
    return;
  }
  let input: unknown;
  try {
    input = await readJsonBody(req, options.maxBodyBytes);
  } catch (err) {
    if (err instanceof BodyError) {
      // The rest of an oversized body is never read; closing is the only clean way out.
      sendError(res, err.status, err.message, err.status === 413 ? { Connection: 'close' } : {});
      return;
    }
    throw err;
  }
  try {
    const value = await dispatch(options.service, name, input);
    sendJson(res, 200, { ok: true, value: value ?? null });
  } catch (err) {
    sendError(res, errorStatus(err), errorMessage(err), {}, refusalKindOf(err));
  }
}

/** `/api/getInfo` → `getInfo`; anything with more segments or odd characters is no method. */
function decodeMethodName(pathname: string): string | null {
  const rest = pathname.slice('/api/'.length);
  return /^[A-Za-z][A-Za-z0-9]*$/.test(rest) ? rest : null;
}
