// What Electron's preload exposes with contextBridge (absent in browser mode).
import type { HostGlobals } from '../../../shared/host';

declare global {
  // Declaration merging is how a global gains properties; an alias cannot do it.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Window extends HostGlobals {}
}

export {};
