import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { buildMenuTemplate } from '../../electron/menu';

function find(template: MenuItemConstructorOptions[], label: string): MenuItemConstructorOptions | undefined {
  for (const item of template) {
    if (item.label === label) return item;
    if (Array.isArray(item.submenu)) {
      const inner = find(item.submenu, label);
      if (inner) return inner;
    }
  }
  return undefined;
}

const click = (item: MenuItemConstructorOptions | undefined) =>
  (item?.click as unknown as (() => void) | undefined)?.();

describe('buildMenuTemplate', () => {
  it('has File (Import, Export, Quit), Edit and Help; no View when packaged', () => {
    const template = buildMenuTemplate({ appName: 'ATLAS Adjudicator', isMac: false, isDev: false, send: vi.fn() });
    expect(template.map((m) => m.label)).toEqual(['File', 'Edit', 'Help']);
    const file = template[0]!.submenu as MenuItemConstructorOptions[];
    expect(file.map((i) => i.label ?? i.role ?? i.type)).toEqual(['Import…', 'Export…', 'separator', 'quit']);
  });

  it('adds reload and devtools in development only', () => {
    const template = buildMenuTemplate({ appName: 'A', isMac: false, isDev: true, send: vi.fn() });
    const view = template.find((m) => m.label === 'View');
    expect((view?.submenu as MenuItemConstructorOptions[]).map((i) => i.role)).toEqual([
      'reload',
      'forceReload',
      'toggleDevTools',
    ]);
  });

  it('starts with the app menu on macOS', () => {
    const template = buildMenuTemplate({ appName: 'ATLAS Adjudicator', isMac: true, isDev: false, send: vi.fn() });
    expect(template[0]).toMatchObject({ label: 'ATLAS Adjudicator', role: 'appMenu' });
  });

  it('sends import, export and shortcuts to the renderer', () => {
    const send = vi.fn();
    const template = buildMenuTemplate({ appName: 'A', isMac: false, isDev: false, send });
    click(find(template, 'Import…'));
    click(find(template, 'Export…'));
    click(find(template, 'Keyboard shortcuts'));
    expect(send.mock.calls).toEqual([['import'], ['export'], ['shortcuts']]);
  });
});
