// Applies the navigation and window-open rules of security.ts to a
// webContents. main calls it from 'web-contents-created', so every contents
// (the window, devtools, anything unexpected) gets it before it loads.
import type { Event, WebContents } from 'electron';
import { allowNavigation, decideWindowOpen } from './security';

type Contents = Pick<WebContents, 'on' | 'setWindowOpenHandler'>;

export function hardenWebContents(contents: Contents, openExternal: (url: string) => Promise<void>): void {
  const denyNavigation = (event: Event, url: string): void => {
    if (!allowNavigation(url)) event.preventDefault();
  };
  contents.on('will-navigate', (event, url) => denyNavigation(event, url));
  contents.on('will-redirect', (event, url) => denyNavigation(event, url));
  // webviewTag is off; this also refuses one a compromised page might force.
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler((details) => {
    const decision = decideWindowOpen(details.url);
    if (decision.openExternally !== null) {
      openExternal(decision.openExternally).catch(() => {
        // The system browser failing to start is not the page's business.
      });
    }
    return decision.response;
  });
}
