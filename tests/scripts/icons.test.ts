// scripts/icons.ts: every icon electron-builder uses comes from
// assets/icon.svg, drawn at build time.
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildIcons, ICNS_TYPES, ICON_SIZES, parseSvg, rasterise } from '../../scripts/icons';
import { REPO } from './support/sqlite-copy';

const SOURCE = join(REPO, 'assets', 'icon.svg');

function pngSize(png: Buffer): [number, number] {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

/** RGBA of one pixel of a PNG this script wrote (8-bit RGBA, filter 0 on every row). */
function pixel(png: Buffer, x: number, y: number): number[] {
  const [width] = pngSize(png);
  const idat = png.indexOf('IDAT');
  const raw = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
  const at = y * (width * 4 + 1) + 1 + x * 4;
  return [...raw.subarray(at, at + 4)];
}

describe('application icons', () => {
  it('draws the committed SVG: transparent corners, the dark tile, the light "A"', () => {
    const drawing = parseSvg(readFileSync(SOURCE, 'utf8'));
    const pixels = rasterise(drawing, 64);
    const at = (x: number, y: number) => [...pixels.subarray((y * 64 + x) * 4, (y * 64 + x) * 4 + 4)];
    expect(at(1, 1)[3]).toBe(0);
    expect(at(8, 32)).toEqual([0x1d, 0x35, 0x57, 255]);
    expect(at(18, 48)).toEqual([0xf1, 0xfa, 0xee, 255]);
  });

  it('writes every size for Linux, an icns for macOS and an ico for Windows', () => {
    const root = mkdtempSync(join(tmpdir(), 'icons-'));
    mkdirSync(join(root, 'build'));
    const written = buildIcons(root, SOURCE);
    expect(written).toHaveLength(ICON_SIZES.length + 3);
    for (const size of ICON_SIZES)
      expect(pngSize(readFileSync(join(root, 'build', 'icons', `${size}x${size}.png`)))).toEqual([size, size]);
    const big = readFileSync(join(root, 'build', 'icon.png'));
    expect(pngSize(big)).toEqual([1024, 1024]);
    expect(pixel(big, 512, 120)).toEqual([0x1d, 0x35, 0x57, 255]);

    const icns = readFileSync(join(root, 'build', 'icon.icns'));
    expect(icns.toString('latin1', 0, 4)).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const types: string[] = [];
    for (let at = 8; at < icns.length; at += icns.readUInt32BE(at + 4)) types.push(icns.toString('latin1', at, at + 4));
    expect(types).toEqual(Object.values(ICNS_TYPES));

    const ico = readFileSync(join(root, 'build', 'icon.ico'));
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const count = ico.readUInt16LE(4);
    const sizes = Array.from({ length: count }, (_, i) => ico[6 + 16 * i] || 256);
    expect(sizes).toContain(256);
    expect(sizes).toContain(16);
    const last = 6 + 16 * (count - 1);
    expect(ico.readUInt32LE(last + 12) + ico.readUInt32LE(last + 8)).toBe(ico.length);
  });

  it('names what it cannot draw', () => {
    expect(() => parseSvg('<svg viewBox="0 0 10 10"><path d="M0 0" fill="#000000"/></svg>')).toThrow(
      /<path> is not supported/,
    );
    expect(() => parseSvg('<svg viewBox="0 0 10 10"><rect width="1" height="1" fill="red"/></svg>')).toThrow(
      /fill must be #rrggbb/,
    );
  });
});
