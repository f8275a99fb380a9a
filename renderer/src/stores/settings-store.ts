// Per-user settings (engineer name), saved by the service.
import { create } from 'zustand';
import type { Settings } from '../../../shared/api-types';
import { api, errorMessage } from '../api/client';
import { useInfoStore } from './info-store';
import { notify, useUiStore } from './ui-store';

interface SettingsState {
  settings: Settings | null;
  saving: boolean;
  load: () => Promise<void>;
  setEngineer: (engineer: string) => Promise<boolean>;
  /** The first launch's answer: saves the name the engineer saw (the same as setEngineer, said as a start). */
  confirmEngineer: (engineer: string) => Promise<boolean>;
}

/**
 * Whether rulings may be recorded: the engineer confirmed their name. If not,
 * the first-launch prompt opens (again) and the caller records nothing.
 */
export function engineerConfirmed(): boolean {
  const settings = useSettingsStore.getState().settings;
  if (settings?.confirmed !== false) return true;
  useUiStore.getState().openOverlay('engineer');
  return false;
}

export const useSettingsStore = create<SettingsState>()((set, get) => ({
  settings: null,
  saving: false,
  load: async () => {
    try {
      const settings = await api.getSettings({});
      set({ settings });
      // The first launch asks who is ruling before anything can be recorded under the OS user name.
      if (!settings.confirmed && useUiStore.getState().overlay == null) useUiStore.getState().openOverlay('engineer');
    } catch (error) {
      notify(`Could not read settings: ${errorMessage(error)}`, 'error');
    }
  },
  setEngineer: async (engineer) => {
    set({ saving: true });
    try {
      const settings = await api.setSettings({ engineer });
      set({ settings, saving: false });
      await useInfoStore.getState().refresh();
      // A name given at launch (--engineer, $ATLAS_ADJUDICATOR_ENGINEER) comes before Settings: say who records, not what was saved.
      const recording = useInfoStore.getState().info?.engineer ?? settings.engineer;
      if (recording === settings.engineer) notify(`Rulings are now recorded as ${recording}.`, 'success');
      else
        notify(
          `Saved ${settings.engineer} in Settings, but rulings are still recorded as ${recording}: the name given at launch (--engineer or $ATLAS_ADJUDICATOR_ENGINEER) comes first.`,
          'info',
        );
      return true;
    } catch (error) {
      set({ saving: false });
      notify(`Could not save settings: ${errorMessage(error)}`, 'error');
      return false;
    }
  },
  confirmEngineer: (engineer) => get().setEngineer(engineer),
}));
