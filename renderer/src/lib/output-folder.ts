// The folder this session last wrote an output to (a patch, a ruling log):
// the next output's default path goes there too, rather than back beside the
// dataset. Kept in memory only, so each session starts beside the dataset.
import { create } from 'zustand';

interface OutputFolderState {
  /** With its trailing separator ("/work/out/"); null until something is written. */
  folder: string | null;
}

export const useOutputFolder = create<OutputFolderState>()(() => ({ folder: null }));

/** The folder of a file's path, separator included ("/a/b.json" → "/a/"); null when it names none. */
export function folderOf(path: string): string | null {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return cut >= 0 ? path.slice(0, cut + 1) : null;
}

/** A file was written at `path`: its folder is where the next output goes by default. */
export function noteOutputPath(path: string): void {
  const folder = folderOf(path.trim());
  if (folder != null) useOutputFolder.setState({ folder });
}

export function lastOutputFolder(): string | null {
  return useOutputFolder.getState().folder;
}
