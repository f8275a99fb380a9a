// What the shell around the renderer can do beside the AdjudicatorApi: open a
// link, pick files, react to the app menu. Electron's preload provides all of
// it; browser mode provides what a web page can (typed paths, no dialogs).
import type { MethodInput, MethodName, MethodOutput } from './api';
import type { CallResult } from './api-errors';

export type HostKind = 'electron' | 'browser';

/** Commands the native app menu sends to the renderer. */
export const MENU_COMMANDS = ['import', 'export', 'shortcuts'] as const;
export type MenuCommand = (typeof MENU_COMMANDS)[number];

export function isMenuCommand(value: unknown): value is MenuCommand {
  return typeof value === 'string' && (MENU_COMMANDS as readonly string[]).includes(value);
}

/**
 * What an open dialog selects. On Windows and Linux a native dialog cannot pick
 * files and folders at once ('any' shows a folder picker there), so offer
 * separate 'files' and 'folders' actions unless the platform is darwin.
 */
export const PICK_KINDS = ['files', 'folders', 'any'] as const;
export type PickKind = (typeof PICK_KINDS)[number];

export function isPickKind(value: unknown): value is PickKind {
  return typeof value === 'string' && (PICK_KINDS as readonly string[]).includes(value);
}

export interface HostBridge {
  kind: HostKind;
  /** Opens an http(s) URL in the system browser; rejects any other URL. */
  openExternal(url: string): Promise<void>;
  /** Native open dialog; resolves to [] when cancelled. */
  pickPaths?(kind?: PickKind): Promise<string[]>;
  /** Native save dialog; resolves to null when cancelled. */
  pickSavePath?(options?: { defaultName?: string }): Promise<string | null>;
  /** The absolute path of a dropped file (Electron only: web pages never see paths). */
  pathForFile?(file: File): string;
  /** Subscribes to app-menu commands; returns the unsubscribe function. */
  onMenuCommand?(listener: (command: MenuCommand) => void): () => void;
  /** `process.platform` of the host, e.g. 'darwin', 'linux', 'win32'. */
  platform?(): Promise<string>;
}

/**
 * The contract as the Electron preload exposes it: every method answers with
 * plain data, never by throwing (an error would lose its kind crossing the
 * contextBridge); renderer/src/api/electron-client.ts turns it back into the
 * AdjudicatorApi.
 */
export type ApiBridge = { [M in MethodName]: (input: MethodInput<M>) => Promise<CallResult<MethodOutput<M>>> };

/** The globals the Electron preload defines (absent in browser mode). */
export interface HostGlobals {
  adjudicator?: ApiBridge;
  adjudicatorHost?: HostBridge;
}

const MAX_URL_LENGTH = 8192;
// The URL parser silently drops leading/trailing spaces and control characters
// and deletes tabs and newlines anywhere ("java\nscript:" parses as javascript:).
// Refuse such input rather than open whatever the parser guessed.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * The normalised URL when `raw` is a plain http(s) URL with a host and no
 * credentials, else null. The same rule decides what the renderer shows as a
 * link and what the Electron host agrees to open, so the two never disagree.
 */
export function safeExternalUrl(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_URL_LENGTH) return null;
  if (CONTROL_CHARS.test(raw) || raw.trim() !== raw) return null;
  // The scheme, "//" and a host must be literally there: the parser would
  // otherwise accept "http:example.com", "https:\\host" or "https:///path"
  // and invent the authority.
  if (!/^https?:\/\/[^/\\?#@]/i.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.hostname === '') return null;
  // user:pass@host hides the real host from a reader ("https://bank.com@evil.example").
  if (url.username !== '' || url.password !== '') return null;
  return url.href;
}

export function isSafeExternalUrl(raw: unknown): boolean {
  return safeExternalUrl(raw) !== null;
}
