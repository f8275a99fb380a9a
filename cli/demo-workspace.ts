// The demo workspace the CLI's services load (`demo`, and the bridge's Load
// demo): its generator loads only when a demo is asked for.
import type { ServiceOptions } from '../db/service';

export const demoWorkspace: NonNullable<ServiceOptions['demoWorkspace']> = async (dir, signal) =>
  (await import('../demo')).writeDemoWorkspace(dir, signal);
