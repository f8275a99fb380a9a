// A second process holding the store's write lock until told to let go (a
// line on stdin), for the tests of writers that must wait without blocking.
// `raw`: a plain SQLite connection (another program, unknown to the tool);
// `tool`: the tool's own write lock, which names its holder.
import Database from 'better-sqlite3';
import { createInterface } from 'node:readline';

const [dbPath, mode] = process.argv.slice(2);
if (!dbPath || (mode !== 'raw' && mode !== 'tool')) throw new Error('usage: lock-holder.ts DB raw|tool');

let finish: () => void;
if (mode === 'raw') {
  const db = new Database(dbPath);
  db.exec('BEGIN IMMEDIATE');
  db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('lock_holder_test', 'held')").run();
  finish = () => {
    db.exec('COMMIT');
    db.close();
  };
} else {
  const { openStore } = await import('../../../db/store');
  const { beginWrite } = await import('../../../db/write-lock');
  const store = openStore(dbPath);
  const lock = await beginWrite(store.db, dbPath, { purpose: 'import', busyTimeoutMs: 0 });
  finish = () => {
    store.db.exec('COMMIT');
    lock.release();
    store.db.close();
  };
}
process.stdout.write('locked\n');
let done = false;
const release = (): void => {
  if (done) return;
  done = true;
  finish();
  process.stdout.write('released\n');
  process.exit(0);
};
createInterface({ input: process.stdin }).on('line', release);
// Never longer than this, whatever the test does.
setTimeout(release, 60_000);
