// How a store is opened: WAL, foreign keys, synchronous=FULL, the page cache, and 16 KiB pages
// for a new store while an existing one keeps the page size it was made with.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../db/store';
import { tempDir } from '../support/workspace';

describe('opening a store', () => {
  it('makes a new store with 16 KiB pages, WAL, foreign keys and synchronous=FULL', () => {
    const store = openStore(join(tempDir(), 'new.sqlite'));
    try {
      expect(store.db.pragma('page_size', { simple: true })).toBe(16384);
      expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(store.db.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(store.db.pragma('synchronous', { simple: true })).toBe(2);
      expect(store.db.pragma('cache_size', { simple: true })).toBe(-64 * 1024);
    } finally {
      store.db.close();
    }
    const importing = openStore(join(tempDir(), 'import.sqlite'), { cacheMiB: 32 });
    expect(importing.db.pragma('cache_size', { simple: true })).toBe(-32 * 1024);
    importing.db.close();
  });

  it('keeps the page size of an existing store', () => {
    const path = join(tempDir(), 'old.sqlite');
    const old = new Database(path);
    old.pragma('journal_mode = WAL');
    old.exec('CREATE TABLE t (x)');
    expect(old.pragma('page_size', { simple: true })).toBe(4096);
    old.close();
    const store = openStore(path);
    try {
      expect(store.db.pragma('page_size', { simple: true })).toBe(4096);
      expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      store.db.close();
    }
  });
});
