// `npx tsx bench/seed-rulings.ts STORE N`: gives a copy of a bench store the
// rulings a team makes over two months, so the Stats view has real figures to
// draw (agreement per pair and rule type, rulings per engineer per day): N cell
// disputes in priority order, each ruled by two of three engineers, who
// disagree on about one in six. Setup for bench/view-switch.ts, not measured.
import { openStore } from '../db/store';
import { recordRuling } from '../db/rulings';
import { parseInput } from '../shared/api';

const [dbPath, countText] = process.argv.slice(2);
if (dbPath == null) throw new Error('usage: seed-rulings.ts STORE N');
const count = Number(countText ?? 5000);
const ENGINEERS = ['ana', 'ben', 'chen'];
const DAYS = 60;

const store = openStore(dbPath);
const rows = store.db
  .prepare<[number], { id: string; top_value_s: string }>(
    "SELECT id, top_value_s FROM disputes WHERE kind = 'cell' AND top_value_s IS NOT NULL ORDER BY priority LIMIT ?",
  )
  .all(count);
// Rulings are dated by the clock: walk it from two months ago to now.
const realNow = Date.now.bind(Date);
const start = realNow() - DAYS * 86_400_000;
let clock = start;
Date.now = () => clock;
store.db.transaction(() => {
  rows.forEach((row, i) => {
    clock = start + Math.floor((i / rows.length) * (DAYS - 1) * 86_400_000);
    const first = ENGINEERS[i % 3]!;
    const second = ENGINEERS[(i + 1) % 3]!;
    const value = store.sealer.open(row.top_value_s);
    recordRuling(store, parseInput('rule', { disputeId: row.id, decision: 'accept_system', value }), first);
    const decision = i % 6 === 0 ? 'keep_gold' : 'accept_system';
    recordRuling(
      store,
      parseInput('rule', { disputeId: row.id, decision, value: decision === 'keep_gold' ? null : value }),
      second,
    );
  });
})();
Date.now = realNow;
store.db.close();
console.log(`${rows.length * 2} rulings on ${rows.length} disputes by ${ENGINEERS.join(', ')}`);
