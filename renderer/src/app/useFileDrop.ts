// Files and folders dropped anywhere on the window go to the import dialog.
// Only the desktop app can turn a dropped File into a path.
import { useEffect } from 'react';
import { host } from '../api/client';
import { useImportStore } from '../stores/import-store';
import { useReportsStore } from '../stores/reports-store';
import { notify, useUiStore } from '../stores/ui-store';

export function useFileDrop(): void {
  useEffect(() => {
    const hasFiles = (e: DragEvent) => e.dataTransfer?.types.includes('Files') ?? false;
    const onDragOver = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = host.pathForFile ? 'copy' : 'none';
    };
    const onDrop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      // Never let the browser navigate to a dropped file.
      e.preventDefault();
      const files = [...(e.dataTransfer?.files ?? [])];
      if (!host.pathForFile) {
        notify('Dropping files needs the desktop app. In the browser, type the paths in Import….', 'info');
        if (useUiStore.getState().overlay !== 'reports-import') useUiStore.getState().openOverlay('import');
        return;
      }
      const toPath = host.pathForFile.bind(host);
      const paths = files.map((f) => toPath(f)).filter((p) => p !== '');
      if (paths.length === 0) return;
      // With the reports import open, dropped issue files go there.
      if (useUiStore.getState().overlay === 'reports-import') {
        useReportsStore.getState().addImportPaths(paths);
        return;
      }
      useImportStore.getState().addPaths(paths);
      useUiStore.getState().openOverlay('import');
    };
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('drop', onDrop);
    };
  }, []);
}
