// Every security decision of the Electron host, as plain data and pure
// functions (no electron import at runtime) so unit tests can pin them down.
import type { WebPreferences, WindowOpenHandlerResponse } from 'electron';
import { CONTENT_SECURITY_POLICY } from '../shared/content-security-policy';
import { isSafeExternalUrl, safeExternalUrl } from '../shared/host';

export { isSafeExternalUrl, safeExternalUrl };

/** The renderer is served from app://atlas/ (a custom protocol, never file://). */
export const APP_SCHEME = 'app';
export const APP_HOST = 'atlas';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

export function secureWebPreferences(preloadPath: string, options: { devTools?: boolean } = {}): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    spellcheck: false,
    experimentalFeatures: false,
    // A file dropped outside the drop zone must not navigate to file://.
    navigateOnDragDrop: false,
    safeDialogs: true,
    devTools: options.devTools ?? false,
  };
}

export { CONTENT_SECURITY_POLICY };

/** Response headers with our CSP replacing any the response carried. */
export function withContentSecurityPolicy(
  headers: Record<string, string | string[]> | undefined,
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() !== 'content-security-policy') out[name] = value;
  }
  out['Content-Security-Policy'] = CONTENT_SECURITY_POLICY;
  return out;
}

/** An IPC sender is trusted only when its frame shows our own app://atlas/ page. */
export function isTrustedSender(frameUrl: unknown): boolean {
  if (typeof frameUrl !== 'string') return false;
  let url: URL;
  try {
    url = new URL(frameUrl);
  } catch {
    return false;
  }
  return (
    url.protocol === `${APP_SCHEME}:` &&
    url.host === APP_HOST &&
    url.username === '' &&
    url.password === '' &&
    url.port === ''
  );
}

/**
 * The page never navigates: it is a single page app, in-page (hash) changes
 * do not reach will-navigate, and reload/loadURL are not renderer-initiated.
 * Anything else is a link or script trying to leave the app.
 */
export function allowNavigation(_url: string): false {
  return false;
}

export interface WindowOpenDecision {
  response: WindowOpenHandlerResponse;
  /** A safe http(s) URL to hand to the system browser instead, or null. */
  openExternally: string | null;
}

/** No window is ever created; a safe web link opens in the system browser. */
export function decideWindowOpen(url: string): WindowOpenDecision {
  return { response: { action: 'deny' }, openExternally: safeExternalUrl(url) };
}

/** The app needs no camera, notifications, clipboard-read… permission: deny all. */
export function allowPermission(_permission: string): false {
  return false;
}
