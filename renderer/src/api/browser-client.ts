// Browser mode: the same AdjudicatorApi over the loopback bridge
// (POST /api/<method>, bearer token, {ok, value, error, kind} envelope). Built from
// METHOD_NAMES so a new API method needs no change here.
import { METHOD_NAMES, type AdjudicatorApi, type MethodName } from '../../../shared/api';
import { ApiCallError } from '../../../shared/api-errors';

type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

interface Envelope {
  ok: boolean;
  value?: unknown;
  error?: string;
  /** A refusal's kind (shared/api-errors.ts). */
  kind?: unknown;
}

function isEnvelope(payload: unknown): payload is Envelope {
  return typeof payload === 'object' && payload !== null && typeof (payload as { ok?: unknown }).ok === 'boolean';
}

export function createBrowserClient(token: string, fetchImpl: FetchLike, base = ''): AdjudicatorApi {
  async function call(method: MethodName, input: unknown): Promise<unknown> {
    const response = await fetchImpl(`${base}/api/${method}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(input ?? {}),
    });
    let payload: unknown;
    try {
      payload = await response.json();
    } catch {
      throw new Error(`${method}: HTTP ${response.status} without a JSON answer`);
    }
    if (!isEnvelope(payload)) throw new Error(`${method}: HTTP ${response.status}, unexpected answer`);
    if (!payload.ok)
      throw new ApiCallError(payload.error ?? `${method} failed (HTTP ${response.status})`, payload.kind);
    return payload.value;
  }
  const client = Object.fromEntries(METHOD_NAMES.map((name) => [name, (input: unknown) => call(name, input)]));
  // Every name of the contract is bound above; the cast only restores the per-method types.
  return client as unknown as AdjudicatorApi;
}
