// Electron entry point (bundled to dist-electron/main.js). All wiring is in app.ts.
import { runMain } from './app';

runMain();
