// Run in a child process by node-build-restore.test.ts: sets the Node build of
// a better-sqlite3 copy aside, then starts a stand-in for the Electron
// rebuild that replaces the addon, writes @electron/rebuild's marker, starts a
// "compiler" of its own and runs until stopped. The test signals this process
// and checks what is left behind.
import { restoreNodeBuild, stashNodeBuild, withRestore } from '../../../../scripts/native/node-build';
import { runTool } from '../../../../scripts/native/run-tool';
import type { ToolRun } from '../../../../scripts/native/run-tool';

const moduleDir = process.argv[2]!;
const build = `
const { rmSync, writeFileSync } = require('node:fs');
const { spawn } = require('node:child_process');
const { join } = require('node:path');
const release = join(${JSON.stringify(moduleDir)}, 'build', 'Release');
rmSync(join(release, 'better_sqlite3.node'));
writeFileSync(join(release, 'better_sqlite3.node'), 'half-written Electron build');
writeFileSync(join(release, '.forge-meta'), '${process.platform}--${process.arch}--150');
const compiler = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
console.log('BUILDING ' + compiler.pid);
setInterval(() => {}, 1000);
`;

const stash = stashNodeBuild(moduleDir);
let running: ToolRun | null = null;
await withRestore(
  async () => {
    running = runTool(process.execPath, ['-e', build], { cwd: moduleDir });
    await running.done;
    throw new Error('the stand-in build ended by itself');
  },
  {
    restore: () => {
      restoreNodeBuild(moduleDir, stash);
      console.log('RESTORED');
    },
    stopRunning: async () => {
      const current = running;
      current?.stop();
      await current?.done;
    },
  },
);
