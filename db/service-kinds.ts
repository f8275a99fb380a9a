// The service's methods as the contract's kinds say (shared/api.ts), applied in one place: a write waits for the
// running job, so it never interleaves with an import's transaction; a foreground read tells background work
// (the search build) to give way.
import { isForegroundRead, METHOD_NAMES, waitsForJob } from '../shared/api';
import type { AdjudicatorService } from '../shared/api';

export interface KindHooks {
  /** Resolves once no job is running. */
  idle(): Promise<void>;
  /** Told as a read the engineer waits on starts. */
  foregroundRead(): void;
}

export function asTheContractSays(methods: AdjudicatorService, hooks: KindHooks): AdjudicatorService {
  const wrapped = Object.fromEntries(
    METHOD_NAMES.map((name) => {
      // Every method takes one input; the cast below restores the per-method types.
      const call = methods[name] as (input: unknown) => unknown;
      if (waitsForJob(name))
        return [
          name,
          async (input: unknown) => {
            await hooks.idle();
            return call(input);
          },
        ];
      if (isForegroundRead(name))
        return [
          name,
          (input: unknown) => {
            hooks.foregroundRead();
            return call(input);
          },
        ];
      return [name, call];
    }),
  );
  return wrapped as unknown as AdjudicatorService;
}
