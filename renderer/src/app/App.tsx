// The shell: header with tabs, the current view (or the welcome screen for an
// empty store), status bar, overlays and notices.
import { connection } from '../api/client';
import { Header } from '../features/header/Header';
import { SettingsDialog } from '../features/header/SettingsDialog';
import { WhoIsRulingDialog } from '../features/header/WhoIsRulingDialog';
import { KeymapOverlay } from '../features/help/KeymapOverlay';
import { ImportDialog } from '../features/import/ImportDialog';
import { ImportReportsDialog } from '../features/reports/ImportReportsDialog';
import { PostReplyDialog } from '../features/reports/PostReplyDialog';
import { Welcome } from '../features/import/Welcome';
import { StatusBar } from '../features/status/StatusBar';
import { selectIsEmpty, useInfoStore } from '../stores/info-store';
import { useUiStore } from '../stores/ui-store';
import { KeptViews } from './KeptViews';
import { NotConnected } from './NotConnected';
import { useFileDrop } from './useFileDrop';
import { useGlobalKeys } from './useGlobalKeys';
import { useMenuCommands } from './useMenuCommands';
import { useStartup } from './useStartup';

export function App() {
  if (!connection.connected) return <NotConnected />;
  return <ConnectedApp />;
}

function ConnectedApp() {
  useStartup();
  useGlobalKeys();
  useFileDrop();
  useMenuCommands();
  const overlay = useUiStore((s) => s.overlay);
  const empty = useInfoStore(selectIsEmpty);
  return (
    <div className="app">
      <Header />
      <main className="app-main">{empty ? <Welcome /> : <KeptViews />}</main>
      <StatusBar />
      {overlay === 'import' && <ImportDialog />}
      {overlay === 'settings' && <SettingsDialog />}
      {overlay === 'engineer' && <WhoIsRulingDialog />}
      {overlay === 'help' && <KeymapOverlay />}
      {overlay === 'reports-import' && <ImportReportsDialog />}
      {overlay === 'post-reply' && <PostReplyDialog />}
    </div>
  );
}
