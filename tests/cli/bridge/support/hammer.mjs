// Child process for the concurrency test: N simultaneous API calls with fetch,
// each asking for its own dispute, and a JSON summary on stdout.
// Usage: node hammer.mjs ORIGIN TOKEN N ID_A ID_B
const [origin, token, n, idA, idB] = process.argv.slice(2);
const count = Number(n);
const calls = Array.from({ length: count }, async (_, i) => {
  const id = i % 2 === 0 ? idA : idB;
  const res = await fetch(`${origin}/api/getDispute`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ id }),
  });
  const body = await res.json();
  return { status: res.status, ok: body.ok === true && body.value?.dispute?.id === id };
});
const results = await Promise.allSettled(calls);
const summary = { total: count, ok: 0, failed: [] };
for (const r of results) {
  if (r.status === 'fulfilled' && r.value.ok && r.value.status === 200) summary.ok += 1;
  else summary.failed.push(r.status === 'fulfilled' ? r.value : String(r.reason));
}
process.stdout.write(JSON.stringify(summary));
