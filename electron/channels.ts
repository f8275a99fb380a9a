// IPC channel names shared by main (ipc.ts) and the preload.
import type { MethodName } from '../shared/api';
import type { CallResult } from '../shared/api-errors';

export const API_CHANNEL_PREFIX = 'api:';

export function apiChannel(name: MethodName): string {
  return `${API_CHANNEL_PREFIX}${name}`;
}

export const HOST_CHANNELS = {
  openExternal: 'host:openExternal',
  pickPaths: 'host:pickPaths',
  pickSavePath: 'host:pickSavePath',
  platform: 'host:platform',
  /** main -> renderer: an app-menu command. */
  menu: 'host:menu',
} as const;

/** Errors cross IPC and the contextBridge as plain data (Error objects lose their kind on the way): the message and a refusal's kind. */
export type IpcResult<T> = CallResult<T>;
