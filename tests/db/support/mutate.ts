// Random mutations of a valid JSON document, as the bytes written to disk:
// one value replaced (wrong types, hostile keys and strings, huge and deeply
// nested values) or removed, the text truncated, random bytes inserted
// (invalid UTF-8 among them), or a BOM prepended.
import fc from 'fast-check';

const DEEP = '@DEEP@';
const DEPTH = 20_000;

const hostileValues: unknown[] = [
  JSON.parse('{"__proto__": {"polluted": true}}'),
  JSON.parse('{"constructor": {"prototype": {"polluted": true}}}'),
  JSON.parse('{"__proto__": [], "toString": 1, "valueOf": "x", "hasOwnProperty": null}'),
  DEEP,
  'x'.repeat(300_000),
  '\u202Eevil\u200B',
  '\u001b[31m\u0000',
  '__proto__',
  1e308,
  -1,
  1.5,
  Number.MAX_SAFE_INTEGER + 2,
  true,
  null,
  [],
  {},
  Array.from({ length: 2000 }, (_, i) => i),
];

const replacement = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(...hostileValues));

/** Every path to a value inside `value`, up to a few thousand. */
function pathsOf(
  value: unknown,
  prefix: (string | number)[] = [],
  out: (string | number)[][] = [],
): (string | number)[][] {
  if (out.length > 5000) return out;
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((item, i) => pathsOf(item, [...prefix, i], out));
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) pathsOf(item, [...prefix, key], out);
  return out;
}

function setAt(root: unknown, path: (string | number)[], value: unknown, remove: boolean): unknown {
  if (path.length === 0) return value;
  const copy = JSON.parse(JSON.stringify(root)) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (remove && !Array.isArray(node)) delete node[last];
  // defineProperty: a key named __proto__ stays an own data property, as JSON.parse would make it.
  else Object.defineProperty(node, last, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

function serialise(document: unknown): string {
  return JSON.stringify(document).replace(`"${DEEP}"`, '['.repeat(DEPTH) + ']'.repeat(DEPTH));
}

/** One mutation of `document`, as file bytes. */
export function mutation(document: unknown): fc.Arbitrary<Buffer> {
  const text = Buffer.from(JSON.stringify(document));
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .record({ path: fc.constantFrom(...pathsOf(document)), value: replacement, remove: fc.boolean() })
        .map(({ path, value, remove }) => Buffer.from(serialise(setAt(document, path, value, remove)))),
    },
    { weight: 1, arbitrary: fc.nat().map((cut) => text.subarray(0, cut % text.length)) },
    {
      weight: 1,
      arbitrary: fc
        .record({ at: fc.nat(), bytes: fc.uint8Array({ minLength: 1, maxLength: 4 }) })
        .map(({ at, bytes }) => {
          const i = at % text.length;
          return Buffer.concat([text.subarray(0, i), Buffer.from(bytes), text.subarray(i)]);
        }),
    },
    { weight: 1, arbitrary: fc.constant(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), text])) },
  );
}

/** Object.prototype must never gain properties from input. */
export function prototypeIsClean(): boolean {
  const probe: Record<string, unknown> = {};
  return (
    Object.keys(Object.prototype).length === 0 &&
    probe.polluted === undefined &&
    Object.getPrototypeOf(probe) === Object.prototype
  );
}
