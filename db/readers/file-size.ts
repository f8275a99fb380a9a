// The size limit for every file an import reads (issue 6: configurable,
// default 64 MiB). A host passes maxFileBytes (the CLI's --max-file-size);
// otherwise ATLAS_ADJUDICATOR_MAX_FILE_SIZE applies, in every host alike.

export const DEFAULT_MAX_FILE_BYTES = 64 * 1024 * 1024;
export const MAX_FILE_SIZE_ENV = 'ATLAS_ADJUDICATOR_MAX_FILE_SIZE';

const UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  k: 1024,
  kb: 1024,
  kib: 1024,
  m: 1024 ** 2,
  mb: 1024 ** 2,
  mib: 1024 ** 2,
  g: 1024 ** 3,
  gb: 1024 ** 3,
  gib: 1024 ** 3,
};

/** Bytes of a size such as `64M`, `1.5GiB`, `512k` or `1048576` (binary units); null when it is not one. */
export function parseFileSize(text: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/iu.exec(text);
  if (!match) return null;
  const unit = UNITS[match[2]!.toLowerCase()];
  if (unit === undefined) return null;
  const bytes = Math.floor(Number(match[1]) * unit);
  return Number.isSafeInteger(bytes) ? bytes : null;
}

export class FileSizeSettingError extends Error {
  override name = 'FileSizeSettingError';
}

/** The limit in force: the caller's, else the environment's, else 64 MiB. */
export function maxBytesOf(
  options: { maxFileBytes?: number } | undefined,
  env: NodeJS.ProcessEnv = process.env,
): number {
  const max = options?.maxFileBytes;
  if (max !== undefined && Number.isFinite(max) && max >= 0) return max;
  const setting = env[MAX_FILE_SIZE_ENV];
  if (setting === undefined || setting.trim() === '') return DEFAULT_MAX_FILE_BYTES;
  const parsed = parseFileSize(setting);
  if (parsed === null)
    throw new FileSizeSettingError(
      `${MAX_FILE_SIZE_ENV}=${JSON.stringify(setting)}: expected a size such as 64M, 1G or a number of bytes`,
    );
  return parsed;
}
