// Which Node ABI a native addon is built for, read from the file itself: a
// non-N-API addon exports node_register_module_v<ABI>, which Node and
// Electron look up by name when loading it. Used after packaging to prove the
// shipped better-sqlite3 is Electron's build, not the Node build the tests use.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';

export type Registration =
  { kind: 'abi'; abi: number } | { kind: 'napi' } | { kind: 'none' } | { kind: 'ambiguous'; abis: number[] };

/** The registration symbol(s) named in the file's symbol tables (ELF, Mach-O and PE keep them as plain strings). */
export function registrationOf(bytes: Buffer): Registration {
  const text = bytes.toString('latin1');
  const abis = new Set<number>();
  for (const match of text.matchAll(/node_register_module_v(\d+)/g)) abis.add(Number(match[1]));
  if (abis.size === 1) return { kind: 'abi', abi: [...abis][0]! };
  if (abis.size > 1) return { kind: 'ambiguous', abis: [...abis].sort((a, b) => a - b) };
  return text.includes('napi_register_module_v1') ? { kind: 'napi' } : { kind: 'none' };
}

export type BinaryFormat = 'elf' | 'mach-o' | 'pe' | 'unknown';

export function binaryFormat(bytes: Buffer): BinaryFormat {
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x7f454c46) return 'elf';
  if (bytes.length >= 2 && bytes.toString('latin1', 0, 2) === 'MZ') return 'pe';
  const magic = bytes.length >= 4 ? bytes.readUInt32BE(0) : 0;
  if ([0xfeedfacf, 0xcffaedfe, 0xfeedface, 0xcefaedfe, 0xcafebabe].includes(magic)) return 'mach-o';
  return 'unknown';
}

const FORMAT_OF_PLATFORM: Record<string, BinaryFormat> = { linux: 'elf', darwin: 'mach-o', win32: 'pe' };

interface AbiTarget {
  runtime: string;
  target: string;
  abi: string;
}

function nodeAbiModule(
  root: string,
): { getAbi(target: string, runtime: string): string; allTargets: AbiTarget[] } | null {
  try {
    // node-abi comes with electron-builder's tool chain; its table works offline.
    return createRequire(join(root, 'package.json'))('node-abi') as {
      getAbi(target: string, runtime: string): string;
      allTargets: AbiTarget[];
    };
  } catch {
    return null;
  }
}

/** Electron's ABI: from the installed electron package when it is that version, else node-abi's table. */
export function electronAbi(version: string, root: string): number {
  const electronDir = join(root, 'node_modules', 'electron');
  const abiFile = join(electronDir, 'abi_version');
  if (existsSync(abiFile)) {
    const installed = (JSON.parse(readFileSync(join(electronDir, 'package.json'), 'utf8')) as { version: string })
      .version;
    if (installed === version) return Number(readFileSync(abiFile, 'utf8').trim());
  }
  const nodeAbi = nodeAbiModule(root);
  if (!nodeAbi)
    throw new Error(
      `Cannot tell which ABI Electron ${version} uses: node_modules/electron/abi_version is for another version and node-abi is not installed.`,
    );
  return Number(nodeAbi.getAbi(version, 'electron'));
}

/** "Node 20", "Electron 45": who uses this ABI, for the error message. */
export function runtimesOfAbi(abi: number, root: string): string {
  const targets = nodeAbiModule(root)?.allTargets.filter((t) => Number(t.abi) === abi) ?? [];
  const names = [
    ...new Set(targets.map((t) => `${t.runtime === 'node' ? 'Node' : 'Electron'} ${t.target.split('.')[0]!}`)),
  ];
  return names.length > 0 ? names.join(' or ') : 'an unknown runtime';
}

export interface AddonCheck {
  file: string;
  ok: boolean;
  /** One line for the user when not ok. */
  problem?: string;
}

/** Whether one addon is loadable by Electron with `abi` on `platform`. */
export function checkAddon(file: string, abi: number, platform: string, root: string): AddonCheck {
  const bytes = readFileSync(file);
  const format = binaryFormat(bytes);
  const wanted = FORMAT_OF_PLATFORM[platform];
  if (wanted && format !== wanted) {
    return {
      file,
      ok: false,
      problem: `${file} is a ${format} binary, but the package is for ${platform} (${wanted}): native modules must be built on the platform they ship for.`,
    };
  }
  const registration = registrationOf(bytes);
  switch (registration.kind) {
    case 'napi':
      return { file, ok: true };
    case 'abi':
      if (registration.abi === abi) return { file, ok: true };
      return {
        file,
        ok: false,
        problem: `${file} is built for ABI ${registration.abi} (${runtimesOfAbi(registration.abi, root)}), but the packaged Electron needs ABI ${abi}: the app would fail to open its store. The Electron rebuild of better-sqlite3 did not take effect.`,
      };
    case 'ambiguous':
      return {
        file,
        ok: false,
        problem: `${file} exports registration symbols for ABIs ${registration.abis.join(', ')}: cannot tell which runtime it is for.`,
      };
    case 'none':
      return {
        file,
        ok: false,
        problem: `${file} exports no node_register_module_v<ABI> symbol: not a Node addon this check understands.`,
      };
  }
}

/** Every .node file under `dir`. */
export function nodeFilesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const found: string[] = [];
  const visit = (path: string): void => {
    for (const entry of readdirSync(path)) {
      const child = join(path, entry);
      const stat = statSync(child);
      if (stat.isDirectory()) visit(child);
      else if (entry.endsWith('.node')) found.push(child);
    }
  };
  visit(dir);
  return found.sort();
}

/** The app.asar.unpacked folders of the apps electron-builder laid out under `outDir`. */
export function unpackedDirsUnder(outDir: string): string[] {
  if (!existsSync(outDir)) return [];
  const found: string[] = [];
  const visit = (path: string, depth: number): void => {
    for (const entry of readdirSync(path)) {
      const child = join(path, entry);
      if (!statSync(child).isDirectory()) continue;
      if (entry === 'app.asar.unpacked') found.push(child);
      else if (depth < 5) visit(child, depth + 1);
    }
  };
  visit(outDir, 0);
  return found.sort();
}

/** The platform a packaged app folder is for, from electron-builder's layout. */
export function platformOfAppDir(path: string): string {
  if (/\.app[\\/]Contents[\\/]/.test(path)) return 'darwin';
  if (/(^|[\\/])win-[^\\/]*unpacked[\\/]/.test(path)) return 'win32';
  return 'linux';
}

/** Checks every addon of every packaged app under `outDir`; returns the problems (none: all good). */
export function checkPackagedAddons(
  outDir: string,
  electronVersion: string,
  root: string,
): { checked: string[]; problems: string[] } {
  const abi = electronAbi(electronVersion, root);
  const checked: string[] = [];
  const problems: string[] = [];
  for (const unpacked of unpackedDirsUnder(outDir)) {
    for (const file of nodeFilesUnder(unpacked)) {
      const result = checkAddon(file, abi, platformOfAppDir(unpacked), root);
      checked.push(relative(root, file));
      if (!result.ok && result.problem) problems.push(result.problem);
    }
  }
  if (checked.length === 0)
    problems.push(
      `No native addon found under ${outDir}: better-sqlite3 was not packaged unpacked (asarUnpack), so the app could not load it.`,
    );
  return { checked, problems };
}
