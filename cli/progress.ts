// A one-line progress indicator on stderr, only when stderr is a terminal, so
// logs and pipes never receive carriage-return noise.
import type { OutStream } from './context';
import { inline, truncate } from './format';

export interface Progress {
  update(done: number, total: number, message: string): void;
  clear(): void;
}

const QUIET: Progress = { update() {}, clear() {} };

export function progressOn(stream: OutStream, label: string): Progress {
  if (!stream.isTTY) return QUIET;
  let last = 0;
  let shown = false;
  return {
    update(done, total, message) {
      const now = Date.now();
      // At most ~10 redraws a second: a fast import must not spend its time drawing.
      if (now - last < 100 && done < total) return;
      last = now;
      shown = true;
      const pct = total > 0 ? Math.floor((done / total) * 100) : 0;
      const width = 20;
      const filled = total > 0 ? Math.round((done / total) * width) : 0;
      const bar = '▓'.repeat(filled) + '░'.repeat(width - filled);
      stream.write(`\r\x1b[K${label} ${bar} ${pct}% ${done}/${total} ${truncate(inline(message), 50)}`);
    },
    clear() {
      if (shown) stream.write('\r\x1b[K');
      shown = false;
    },
  };
}
