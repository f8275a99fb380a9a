// After a long synchronous step (building an index, one SQLite statement
// that cannot yield), the host should answer what arrived meanwhile: a
// status poll from the app, a cancel. One setImmediate is not enough when
// the caller runs in the event loop's I/O phase: its callback then comes in
// the same iteration's check phase, before any new I/O is read. Two always
// pass through an I/O phase.
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Resolves once the event loop has read and dispatched the I/O that is waiting. */
export async function letIoThrough(): Promise<void> {
  await nextTurn();
  await nextTurn();
}
