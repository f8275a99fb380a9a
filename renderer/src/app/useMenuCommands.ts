// The desktop app's menu (Import…, Export…, Keyboard shortcuts) drives the same
// views and dialogs as the buttons.
import { useEffect } from 'react';
import { host } from '../api/client';
import { useUiStore } from '../stores/ui-store';

export function useMenuCommands(): void {
  useEffect(() => {
    return host.onMenuCommand?.((command) => {
      const ui = useUiStore.getState();
      if (command === 'import') ui.openOverlay('import');
      else if (command === 'export') {
        ui.closeOverlay();
        ui.setView('export');
      } else ui.openOverlay('help');
    });
  }, []);
}
