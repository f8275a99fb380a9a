// What `npm run dist` ships besides Electron itself: app.asar and the files
// unpacked beside it (the native addon, the import worker), per packaged app.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { unpackedDirsUnder } from './native/abi';

/** The limit for app.asar plus its unpacked files: a bigger package means something slipped in. */
export const PACKAGE_LIMIT_BYTES = 20 * 1024 * 1024;

export function sizeOf(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, entry) => sum + sizeOf(join(path, entry)), 0);
}

export interface AppSize {
  resources: string;
  asar: number;
  unpacked: number;
}

/** The size of each packaged app's resources under electron-builder's output folder. */
export function packagedSizes(outDir: string): AppSize[] {
  return unpackedDirsUnder(outDir).map((unpacked) => {
    const resources = dirname(unpacked);
    return { resources, asar: sizeOf(join(resources, 'app.asar')), unpacked: sizeOf(unpacked) };
  });
}

export function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** One line per app, and the problems: any app over the limit. */
export function sizeReport(
  sizes: AppSize[],
  root: string,
  limit = PACKAGE_LIMIT_BYTES,
): { lines: string[]; problems: string[] } {
  const lines: string[] = [];
  const problems: string[] = [];
  for (const size of sizes) {
    const total = size.asar + size.unpacked;
    const where = relative(root, size.resources) || size.resources;
    lines.push(
      `Package size: ${megabytes(total)} (app.asar ${megabytes(size.asar)} + unpacked ${megabytes(size.unpacked)}) in ${where}`,
    );
    if (total > limit)
      problems.push(
        `${where}: app.asar plus unpacked files are ${megabytes(total)}, over the ${megabytes(limit)} limit: check electron-builder.yml's files for what slipped in.`,
      );
  }
  return { lines, problems };
}
