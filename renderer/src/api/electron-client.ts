// Electron mode: the preload's bridge answers every call with plain data
// (shared/host.ts ApiBridge); here a failure becomes the ApiCallError the page
// acts on, with its kind intact (e.g. OutputExistsError asks before replacing).
import { METHOD_NAMES } from '../../../shared/api';
import type { AdjudicatorApi } from '../../../shared/api';
import { isCallResult, valueOrThrow } from '../../../shared/api-errors';
import type { ApiBridge } from '../../../shared/host';

export function createElectronClient(bridge: ApiBridge): AdjudicatorApi {
  async function call(name: keyof ApiBridge, input: unknown): Promise<unknown> {
    const invoke = bridge[name] as (input: unknown) => Promise<unknown>;
    const result = await invoke(input);
    if (!isCallResult(result)) throw new Error(`${name}: malformed reply from the preload`);
    return valueOrThrow(result);
  }
  const client = Object.fromEntries(METHOD_NAMES.map((name) => [name, (input: unknown) => call(name, input)]));
  // Every name of the contract is bound above; the cast only restores the per-method types.
  return client as unknown as AdjudicatorApi;
}
