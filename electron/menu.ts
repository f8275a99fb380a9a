// The app menu as data (types only from electron), so tests can read it.
// Commands the renderer owns (import, export, the shortcut sheet) are sent to
// it rather than handled here: it shows progress and reports.
import type { MenuItemConstructorOptions } from 'electron';
import type { MenuCommand } from '../shared/host';

export interface MenuOptions {
  appName: string;
  isMac: boolean;
  /** Unpackaged runs only: reload and devtools. */
  isDev: boolean;
  send: (command: MenuCommand) => void;
}

export function buildMenuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const { appName, isMac, isDev, send } = options;
  const template: MenuItemConstructorOptions[] = [];
  if (isMac) template.push({ label: appName, role: 'appMenu' });
  template.push({
    label: 'File',
    submenu: [
      { label: 'Import…', accelerator: 'CmdOrCtrl+O', click: () => send('import') },
      { label: 'Export…', accelerator: 'CmdOrCtrl+E', click: () => send('export') },
      { type: 'separator' },
      isMac ? { role: 'close' } : { role: 'quit' },
    ],
  });
  // Without an Edit menu, copy/paste shortcuts do nothing in text fields on macOS.
  template.push({ label: 'Edit', role: 'editMenu' });
  if (isDev) {
    template.push({
      label: 'View',
      submenu: [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }],
    });
  }
  template.push({
    label: 'Help',
    role: 'help',
    submenu: [{ label: 'Keyboard shortcuts', accelerator: 'F1', click: () => send('shortcuts') }],
  });
  return template;
}
