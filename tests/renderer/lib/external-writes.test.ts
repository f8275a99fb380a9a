import { describe, expect, it } from 'vitest';
import { versionWatch } from '../../../renderer/src/lib/version-watch';
import type { DataVersion } from '../../../shared/api-types';

/** An answer moved only by this connection's clients (external stays put). */
const own = (version: number): DataVersion => ({ version, external: 0 });

describe('noticing another process’s writes by the data version', () => {
  it('calls back when the version moves, never on the first answer or an unchanged one', async () => {
    const versions = [3, 3, 4, 4, 9];
    let changes = 0;
    const watch = versionWatch(
      () => Promise.resolve(own(versions.shift()!)),
      () => changes++,
    );
    const seen: number[] = [];
    for (let i = 0; i < 5; i++) {
      await watch.check();
      seen.push(changes);
    }
    expect(seen).toEqual([0, 0, 1, 1, 2]);
  });

  it('asks one question at a time, and a failed one is asked again next time', async () => {
    let release: (version: number) => void = () => undefined;
    let asked = 0;
    let fail = false;
    let changes = 0;
    const watch = versionWatch(
      () => {
        asked++;
        if (fail) return Promise.reject(new Error('closed'));
        return new Promise<DataVersion>((resolve) => (release = (version) => resolve(own(version))));
      },
      () => changes++,
    );
    const first = watch.check();
    await watch.check();
    expect(asked).toBe(1);
    release(1);
    await first;
    fail = true;
    await watch.check();
    fail = false;
    const third = watch.check();
    release(2);
    await third;
    expect(asked).toBe(3);
    expect(changes).toBe(1);
  });

  it('takes the answer after its own write as the new baseline, and still sees a later write by someone else', async () => {
    let version = 1;
    let changes = 0;
    const watch = versionWatch(
      () => Promise.resolve(own(version)),
      () => changes++,
    );
    await watch.check();
    version = 2;
    watch.adopt();
    await watch.check();
    expect(changes).toBe(0);
    await watch.check();
    expect(changes).toBe(0);
    version = 3;
    await watch.check();
    expect(changes).toBe(1);
  });

  it('drops an answer to a question asked before its own write (it may predate the write)', async () => {
    const answers: ((version: number) => void)[] = [];
    let changes = 0;
    const watch = versionWatch(
      () => new Promise<DataVersion>((resolve) => answers.push((version) => resolve(own(version)))),
      () => changes++,
    );
    const first = watch.check();
    answers.shift()!(1);
    await first;
    const asked = watch.check();
    watch.adopt();
    answers.shift()!(1);
    await asked;
    // The write lands after that question was answered: its version is still taken silently.
    const next = watch.check();
    answers.shift()!(2);
    await next;
    expect(changes).toBe(0);
    const later = watch.check();
    answers.shift()!(5);
    await later;
    expect(changes).toBe(1);
  });

  it('sees another process’s write made just before its own, which the own write’s answer would otherwise hide', async () => {
    let answer: DataVersion = { version: 10, external: 4 };
    let changes = 0;
    const watch = versionWatch(
      () => Promise.resolve(answer),
      () => changes++,
    );
    await watch.check();
    // A `rule` on the command line commits, then the app saves before its next question.
    answer = { version: 11, external: 5 };
    watch.adopt();
    answer = { version: 12, external: 5 };
    await watch.check();
    expect(changes).toBe(1);
    await watch.check();
    expect(changes).toBe(1);
  });
});
