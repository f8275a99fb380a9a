// Ordered migrations: the store's PRAGMA user_version is the number applied.
import * as initial from './001-initial';

export interface Migration {
  version: number;
  name: string;
  up: string;
}

export const MIGRATIONS: readonly Migration[] = [{ version: 1, name: 'initial', up: initial.up }];

export const LATEST_VERSION = MIGRATIONS.length;
