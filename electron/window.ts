// The main window: secure preferences, shown once painted.
import { BrowserWindow } from 'electron';
import { secureWebPreferences } from './security';

export function createMainWindow(preloadPath: string, devTools: boolean): BrowserWindow {
  const win = new BrowserWindow({
    width: 1440,
    height: 900,
    minWidth: 900,
    minHeight: 600,
    title: 'ATLAS Adjudicator',
    // Shown on ready-to-show so the user never sees an empty white frame.
    show: false,
    webPreferences: secureWebPreferences(preloadPath, { devTools }),
  });
  win.once('ready-to-show', () => win.show());
  return win;
}
