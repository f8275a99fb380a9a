// The application icons electron-builder needs, drawn from assets/icon.svg at
// build time (nothing generated is committed): build/icon.png (1024 px),
// build/icons/<n>x<n>.png for Linux, build/icon.icns for macOS and
// build/icon.ico for Windows. No dependency: the SVG uses only <rect> (with
// rx), <circle> and <polygon> with solid fills, which this file rasterises
// with anti-aliasing, and PNG, ICNS and ICO are simple containers of PNGs.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { deflateSync } from 'node:zlib';
import { REPO_ROOT } from './build-electron';

type Point = [number, number];
export interface Shape {
  /** Closed outline in viewBox units. */
  points: Point[];
  rgba: [number, number, number, number];
}

export interface Drawing {
  size: number;
  shapes: Shape[];
}

function attributes(tag: string): Record<string, string> {
  return Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
}

function colour(
  fill: string | undefined,
  opacity: string | undefined,
  where: string,
): [number, number, number, number] {
  const hex = /^#([0-9a-f]{6})$/i.exec(fill ?? '');
  if (!hex) throw new Error(`icon.svg: ${where}: fill must be #rrggbb, got ${fill ?? 'nothing'}`);
  const n = parseInt(hex[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255, opacity === undefined ? 1 : Number(opacity)];
}

function num(attrs: Record<string, string>, name: string, where: string, fallback?: number): number {
  const value = attrs[name] === undefined ? fallback : Number(attrs[name]);
  if (value === undefined || !Number.isFinite(value)) throw new Error(`icon.svg: ${where}: ${name} must be a number`);
  return value;
}

function arc(cx: number, cy: number, r: number, from: number, to: number, steps: number): Point[] {
  return Array.from({ length: steps + 1 }, (_, i) => {
    const angle = from + ((to - from) * i) / steps;
    return [cx + r * Math.cos(angle), cy + r * Math.sin(angle)] as Point;
  });
}

/** The shapes of an SVG limited to rect, circle and polygon. */
export function parseSvg(svg: string): Drawing {
  const viewBox = /viewBox="0 0 (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)"/.exec(svg);
  if (!viewBox || viewBox[1] !== viewBox[2]) throw new Error('icon.svg: needs a square viewBox="0 0 N N"');
  const shapes: Shape[] = [];
  for (const match of svg.matchAll(/<(rect|circle|polygon|path|ellipse|line|polyline|g|text|image)\b[^>]*>/g)) {
    const [tag, name] = [match[0], match[1]!];
    const attrs = attributes(tag);
    const rgba = colour(attrs.fill, attrs['fill-opacity'], `<${name}>`);
    if (name === 'rect') {
      const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((a) =>
        num(attrs, a, '<rect>', a === 'x' || a === 'y' ? 0 : undefined),
      ) as [number, number, number, number];
      const r = Math.min(num(attrs, 'rx', '<rect>', 0), w / 2, h / 2);
      const q = Math.PI / 2;
      const points =
        r === 0
          ? ([
              [x, y],
              [x + w, y],
              [x + w, y + h],
              [x, y + h],
            ] as Point[])
          : [
              ...arc(x + w - r, y + r, r, -q, 0, 32),
              ...arc(x + w - r, y + h - r, r, 0, q, 32),
              ...arc(x + r, y + h - r, r, q, 2 * q, 32),
              ...arc(x + r, y + r, r, 2 * q, 3 * q, 32),
            ];
      shapes.push({ points, rgba });
    } else if (name === 'circle') {
      const points = arc(
        num(attrs, 'cx', '<circle>'),
        num(attrs, 'cy', '<circle>'),
        num(attrs, 'r', '<circle>'),
        0,
        2 * Math.PI,
        256,
      );
      shapes.push({ points, rgba });
    } else if (name === 'polygon') {
      const values = (attrs.points ?? '')
        .trim()
        .split(/[\s,]+/)
        .map(Number);
      if (values.length < 6 || values.length % 2 !== 0 || values.some((v) => !Number.isFinite(v)))
        throw new Error('icon.svg: <polygon>: points must be x,y pairs');
      shapes.push({
        points: Array.from({ length: values.length / 2 }, (_, i) => [values[2 * i]!, values[2 * i + 1]!] as Point),
        rgba,
      });
    } else {
      throw new Error(`icon.svg: <${name}> is not supported by scripts/icons.ts (use rect, circle or polygon)`);
    }
  }
  return { size: Number(viewBox[1]), shapes };
}

const SUBSAMPLES = 5;

/** How much of each pixel the polygon covers (nonzero rule), 0..1, at `size` px. */
function coverage(points: Point[], scale: number, size: number): Float32Array {
  const cover = new Float32Array(size * size);
  const edges = points.map((p, i) => {
    const q = points[(i + 1) % points.length]!;
    return { x0: p[0] * scale, y0: p[1] * scale, x1: q[0] * scale, y1: q[1] * scale };
  });
  const crossings: { x: number; dir: number }[] = [];
  for (let row = 0; row < size; row++) {
    for (let s = 0; s < SUBSAMPLES; s++) {
      const y = row + (s + 0.5) / SUBSAMPLES;
      crossings.length = 0;
      for (const e of edges) {
        if ((e.y0 <= y && e.y1 > y) || (e.y1 <= y && e.y0 > y)) {
          crossings.push({ x: e.x0 + ((y - e.y0) / (e.y1 - e.y0)) * (e.x1 - e.x0), dir: e.y1 > e.y0 ? 1 : -1 });
        }
      }
      crossings.sort((a, b) => a.x - b.x);
      let winding = 0;
      for (let i = 0; i < crossings.length - 1; i++) {
        winding += crossings[i]!.dir;
        if (winding === 0) continue;
        const from = Math.max(0, crossings[i]!.x);
        const to = Math.min(size, crossings[i + 1]!.x);
        for (let px = Math.floor(from); px < to; px++) {
          const covered = Math.min(to, px + 1) - Math.max(from, px);
          if (covered > 0) cover[row * size + px]! += covered / SUBSAMPLES;
        }
      }
    }
  }
  return cover;
}

/** RGBA pixels of the drawing at `size` px, painted in order (source-over). */
export function rasterise(drawing: Drawing, size: number): Uint8Array {
  const rgba = new Float32Array(size * size * 4);
  const scale = size / drawing.size;
  for (const shape of drawing.shapes) {
    const cover = coverage(shape.points, scale, size);
    const [r, g, b, a] = shape.rgba;
    for (let i = 0; i < cover.length; i++) {
      const alpha = Math.min(1, cover[i]!) * a;
      if (alpha === 0) continue;
      const o = i * 4;
      const keep = 1 - alpha;
      rgba[o] = r * alpha + rgba[o]! * keep;
      rgba[o + 1] = g * alpha + rgba[o + 1]! * keep;
      rgba[o + 2] = b * alpha + rgba[o + 2]! * keep;
      rgba[o + 3] = alpha + rgba[o + 3]! * keep;
    }
  }
  // Premultiplied while painting; PNG wants straight alpha.
  const out = new Uint8Array(size * size * 4);
  for (let i = 0; i < size * size; i++) {
    const a = rgba[i * 4 + 3]!;
    for (let c = 0; c < 3; c++) out[i * 4 + c] = a === 0 ? 0 : Math.round(Math.min(255, rgba[i * 4 + c]! / a));
    out[i * 4 + 3] = Math.round(a * 255);
  }
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

export function encodePng(pixels: Uint8Array, size: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    raw.set(pixels.subarray(y * size * 4, (y + 1) * size * 4), y * (size * 4 + 1) + 1);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** ICO holding PNG images (Windows Vista and later read them). */
export function encodeIco(pngs: Map<number, Buffer>): Buffer {
  const sizes = [...pngs.keys()].sort((a, b) => a - b);
  const header = Buffer.alloc(6 + 16 * sizes.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(sizes.length, 4);
  let offset = header.length;
  sizes.forEach((size, i) => {
    const png = pngs.get(size)!;
    const at = 6 + 16 * i;
    header[at] = size >= 256 ? 0 : size;
    header[at + 1] = size >= 256 ? 0 : size;
    header.writeUInt16LE(1, at + 4); // colour planes
    header.writeUInt16LE(32, at + 6); // bits per pixel
    header.writeUInt32LE(png.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...sizes.map((size) => pngs.get(size)!)]);
}

/** The ICNS types that hold a PNG of each size. */
export const ICNS_TYPES: Record<number, string> = {
  16: 'icp4',
  32: 'icp5',
  64: 'icp6',
  128: 'ic07',
  256: 'ic08',
  512: 'ic09',
  1024: 'ic10',
};

export function encodeIcns(pngs: Map<number, Buffer>): Buffer {
  const entries = Object.entries(ICNS_TYPES).map(([size, type]) => {
    const png = pngs.get(Number(size));
    if (!png) throw new Error(`icns needs a ${size} px image`);
    const head = Buffer.alloc(8);
    head.write(type, 0, 'latin1');
    head.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([head, png]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'latin1');
  head.writeUInt32BE(8 + entries.reduce((sum, e) => sum + e.length, 0), 4);
  return Buffer.concat([head, ...entries]);
}

export const ICON_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256];

/** Writes every icon into <root>/build; returns the files written. */
export function buildIcons(root = REPO_ROOT, source = join(root, 'assets', 'icon.svg')): string[] {
  const drawing = parseSvg(readFileSync(source, 'utf8'));
  const pngs = new Map(ICON_SIZES.map((size) => [size, encodePng(rasterise(drawing, size), size)]));
  const out = join(root, 'build');
  mkdirSync(join(out, 'icons'), { recursive: true });
  const written: [string, Buffer][] = [
    [join(out, 'icon.png'), pngs.get(1024)!],
    [join(out, 'icon.icns'), encodeIcns(pngs)],
    [join(out, 'icon.ico'), encodeIco(new Map(ICO_SIZES.map((size) => [size, pngs.get(size)!])))],
    ...ICON_SIZES.map((size) => [join(out, 'icons', `${size}x${size}.png`), pngs.get(size)!] as [string, Buffer]),
  ];
  for (const [path, bytes] of written) writeFileSync(path, bytes);
  return written.map(([path]) => path);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  console.log(`Wrote ${buildIcons().length} icon files to build/`);
}
