// The app's version, from package.json alone: the bundles (dist-cli/,
// dist-electron/) carry it inlined at build time, so it holds wherever they run.
import { version } from '../package.json';

export const APP_VERSION: string = version;
