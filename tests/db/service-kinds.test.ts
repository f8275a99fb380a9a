// What the contract says of each method (shared/api.ts), applied by the service in one place
// (db/service-kinds.ts). Against a real store: a job held open (a live reports import whose GitHub does not
// answer yet) and each write that waits for it started meanwhile, which must settle only after the job ended.
import { createServer } from 'node:http';
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isForegroundRead,
  METHOD_NAMES,
  methodKind,
  waitsForJob,
  type AdjudicatorService,
  type MethodName,
} from '../../shared/api';
import type { JobStatus } from '../../shared/api-types';
import { asTheContractSays } from '../../db/service-kinds';
import type { ServiceHandle } from '../../db/service';
import { freshService } from '../support/workspace';

let server: Server;
/** Requests the fake GitHub holds: answered (an empty page of issues) when the test says. */
const held: ServerResponse[] = [];
let arrived: (() => void) | null = null;
const previousApi = process.env.ATLAS_ADJUDICATOR_GITHUB_API;

beforeAll(async () => {
  server = createServer((_request, response) => {
    held.push(response);
    arrived?.();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.ATLAS_ADJUDICATOR_GITHUB_API = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  if (previousApi === undefined) delete process.env.ATLAS_ADJUDICATOR_GITHUB_API;
  else process.env.ATLAS_ADJUDICATOR_GITHUB_API = previousApi;
  await new Promise((resolve) => server.close(resolve));
});

function answerHeld(): void {
  for (const response of held.splice(0)) {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('[]');
  }
}

/** Starts a job that stays running until answerHeld(): its first request has reached the fake GitHub. */
async function holdJob(service: ServiceHandle): Promise<string> {
  const requested = new Promise<void>((resolve) => (arrived = resolve));
  const { jobId } = await service.importReports({ repo: 'atlas/gold' });
  await requested;
  return jobId;
}

const WAITING = METHOD_NAMES.filter(waitsForJob);

describe('a write the contract says waits for the running job', () => {
  it('covers the store writes, and no read or job', () => {
    expect(WAITING).toEqual(expect.arrayContaining(['rule', 'retract', 'setPolicy', 'importRulings', 'linkReport']));
    for (const name of WAITING) expect(methodKind(name)).toBe('write');
  });

  it.each(WAITING)('%s started while a job runs proceeds only after the job has ended', async (name: MethodName) => {
    const service = freshService();
    try {
      const jobId = await holdJob(service);
      let jobStateWhenSettled: string | null = null;
      // Any input: whether the write succeeds or is refused, it must not even start before the job ends.
      const call = (service[name] as (input: unknown) => unknown)({});
      const settled = Promise.resolve(call).then(
        () => undefined,
        () => undefined,
      );
      void settled.then(() => (jobStateWhenSettled = (service.getJob({ jobId }) as JobStatus).state));
      // A write that did not wait would settle within these turns, the job still running.
      for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
      expect(jobStateWhenSettled).toBeNull();
      answerHeld();
      await settled;
      await Promise.resolve();
      expect(jobStateWhenSettled).not.toBeNull();
      expect(jobStateWhenSettled).not.toBe('running');
    } finally {
      answerHeld();
      await service.idle();
      service.close();
    }
  });
});

describe('a read the engineer waits on', () => {
  it('tells background work to give way before it runs, and no other method does', async () => {
    const events: string[] = [];
    const methods = Object.fromEntries(
      METHOD_NAMES.map((name) => [name, () => events.push(`ran ${name}`)]),
    ) as unknown as AdjudicatorService;
    const service = asTheContractSays(methods, {
      idle: () => Promise.resolve(),
      foregroundRead: () => events.push('give way'),
    });
    for (const name of METHOD_NAMES) await (service[name] as (input: unknown) => unknown)({});
    const gaveWayFor = events.flatMap((event, i) => (event === 'give way' ? [events[i + 1]] : []));
    expect(gaveWayFor).toEqual(METHOD_NAMES.filter(isForegroundRead).map((name) => `ran ${name}`));
    expect(gaveWayFor).toEqual(['ran listDisputes', 'ran locateDispute', 'ran getDispute', 'ran getDisputes']);
  });
});
