// Reads a JSON request body with a hard size cap, so a client cannot make the
// bridge buffer unbounded data.
import type { IncomingMessage } from 'node:http';

export const MAX_BODY_BYTES = 5 * 1024 * 1024;

export class BodyError extends Error {
  override name = 'BodyError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function isJsonContentType(value: string | undefined): boolean {
  if (value === undefined) return false;
  const mime = value.split(';')[0]?.trim().toLowerCase();
  return mime === 'application/json';
}

export async function readJsonBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<unknown> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit)
    throw new BodyError(413, `request body too large (limit ${limit} bytes)`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new BodyError(413, `request body too large (limit ${limit} bytes)`);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  // An empty body is an empty input: methods without arguments need not send `{}`.
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BodyError(400, 'request body is not valid JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new BodyError(400, 'request body must be a JSON object');
  return parsed;
}
