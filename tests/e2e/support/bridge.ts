// Starts browser mode (`atlas-adjudicator serve --port 0 --json`) as a child
// process, so e2e tests exercise the real command line, and calls its API.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { MethodInput, MethodName, MethodOutput } from '../../../shared/api';
import type { JobStatus } from '../../../shared/api-types';
import { killGroup } from './cli';
import { BIN, REPO_ROOT, tempDir } from './paths';

export interface Bridge {
  /** The page to open: `http://127.0.0.1:<port>/#token=<token>`. */
  url: string;
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  port: number;
  token: string;
  pid: number;
  /** What the server wrote on stderr so far (for failure messages). */
  stderr(): string;
  /** Calls one API method with the token; rejects with the server's error message on failure. */
  api<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>>;
  /** Starts a job method (exportPatch, rescore, …) and polls it to its end; rejects unless it is done. */
  runJob<M extends MethodName>(method: M, input: MethodInput<M>): Promise<JobStatus>;
  /** SIGTERM to the whole process group, SIGKILL if it lingers. */
  close(): Promise<void>;
}

export interface StartBridgeOptions {
  env?: Record<string, string | undefined>;
  engineer?: string;
  timeoutMs?: number;
  /**
   * Start as on a first launch: no engineer name was ever confirmed, so the app asks for one. Otherwise every
   * bridge gets a per-user folder of its own whose settings hold the OS user name, confirmed, as an engineer who
   * answered that prompt once has (unless `env` names ATLAS_ADJUDICATOR_HOME).
   */
  firstLaunch?: boolean;
}

/** A per-user folder for one bridge: settings of its own, never the machine user's. */
function userHome(firstLaunch: boolean): string {
  const home = tempDir('atlas-e2e-home-').path;
  if (!firstLaunch)
    writeFileSync(join(home, 'settings.json'), `${JSON.stringify({ engineer: userInfo().username || 'engineer' })}\n`);
  return home;
}

export async function startBridge(dbPath: string, options: StartBridgeOptions = {}): Promise<Bridge> {
  const home = options.env?.ATLAS_ADJUDICATOR_HOME ?? userHome(options.firstLaunch === true);
  const env: NodeJS.ProcessEnv = { ...process.env, ATLAS_ADJUDICATOR_HOME: home, ...options.env };
  const args = [
    BIN,
    'serve',
    '--port',
    '0',
    '--json',
    '--db',
    dbPath,
    ...(options.engineer ? ['--engineer', options.engineer] : []),
  ];
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const info = await new Promise<{ url: string; origin: string; port: number; token: string }>((resolve, reject) => {
    const timer = setTimeout(
      () => fail(new Error(`serve did not start within ${options.timeoutMs ?? 60_000} ms: ${stderr}`)),
      options.timeoutMs ?? 60_000,
    );
    const lines = createInterface({ input: child.stdout });
    function fail(err: Error): void {
      clearTimeout(timer);
      lines.close();
      killGroup(child.pid, 'SIGKILL');
      reject(err);
    }
    lines.once('line', (line) => {
      clearTimeout(timer);
      try {
        resolve(JSON.parse(line) as { url: string; origin: string; port: number; token: string });
      } catch {
        fail(new Error(`serve printed something other than JSON: ${line}`));
      }
    });
    child.once('exit', (code) => fail(new Error(`serve exited with ${code}: ${stderr}`)));
  });

  let closed: Promise<void> | null = null;
  const api = async <M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>> => {
    const res = await fetch(`${info.origin}/api/${method}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${info.token}` },
      body: JSON.stringify(input),
    });
    const body = (await res.json()) as { ok: true; value: MethodOutput<M> } | { ok: false; error: string };
    if (!body.ok) throw new Error(`${method} → ${res.status}: ${body.error}`);
    return body.value;
  };
  return {
    ...info,
    pid: child.pid ?? -1,
    stderr: () => stderr,
    api,
    async runJob(method, input) {
      const { jobId } = (await api(method, input)) as { jobId: string };
      let job = await api('getJob', { jobId });
      while (job.state === 'running') {
        await new Promise((resolve) => setTimeout(resolve, 20));
        job = await api('getJob', { jobId });
      }
      if (job.state !== 'done') throw new Error(`${method} → ${job.state}: ${job.error ?? ''}`);
      return job;
    },
    close() {
      closed ??= (async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        killGroup(child.pid, 'SIGTERM');
        const timer = setTimeout(() => killGroup(child.pid, 'SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      })();
      return closed;
    },
  };
}
