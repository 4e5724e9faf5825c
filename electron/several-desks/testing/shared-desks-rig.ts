import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IssuePlan, JobView } from '../../../shared/domain/issuing';
import type { OrderListing } from '../../../shared/domain/order-row';
import type { SettingsPatch } from '../../../shared/settings/settings-schema';
import { ofDemoShop, sandboxDeskPatch } from '../../composition/testing/sandbox-desk';
import { startPrintEmulator, type PrintEmulator } from '../../demo/print-emulator/print-emulator';
import { resolve } from 'node:path';
import type { IssuedWaybill, SandboxCall, SecondWaybill } from '../../demo/sandbox';
import type { SharedConnectionSettings } from '../../store/postgres/open-shared-database';
import { startPostgresTestServer, type PostgresTestServer } from '../../store/postgres/testing/postgres-test-server';
import { createFixtureGroup, type FixtureGroup } from '../../testing/fixture-process';
import { startSharedDesk, type SharedDeskProcess, type SharedDeskSetup } from './shared-desk-process';

/** The desks' account token at the rig's sandbox. */
const token = 'tok-shared-desks-5120';

/**
 * The desk processes' niceness: they give way to the sandbox, the server and the test for the CPU
 * (about a third of their share), yet keep up under other load (at 10 a job outlived its test).
 */
const DESK_NICENESS = 5;

/** The sandbox gateway in a process of its own (the gateway is remote, never in a desk's or the test's event loop), asked through its admin routes. */
export interface SandboxProcess {
  url: string;
  calls(): Promise<SandboxCall[]>;
  violations(): Promise<number>;
  issuedWaybills(): Promise<IssuedWaybill[]>;
  secondWaybills(): Promise<SecondWaybill[]>;
}

/** Starts the sandbox CLI with its admin routes and its 614 overlap check off; answers it and how to stop it. */
async function startSandboxProcess(options: { orders: number; latencyMs: number }, start: FixtureGroup['start']): Promise<{ sandbox: SandboxProcess; deskPatch: SettingsPatch; stop(): Promise<void> }> {
  const cli = start(resolve(import.meta.dirname, '../../demo/sandbox-cli.ts'), [
    ...['--port', '0', '--token', token, '--orders', String(options.orders), '--latency-ms', String(options.latencyMs)],
    ...['--admin-routes', '--no-overlap-check'],
  ]);
  await cli.until(() => /^User id: \d+$/m.test(cli.output()), 'the sandbox listening');
  const line = (pattern: RegExp) => pattern.exec(cli.output())?.[1] ?? '';
  const url = line(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
  const admin = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${url}/__sandbox/${path}`, { headers: { authorization: `Bearer ${token}` } });
    return ((await response.json()) as { data: T }).data;
  };
  const state = () => admin<{ issued: IssuedWaybill[]; secondWaybills: SecondWaybill[] }>('state');
  return {
    sandbox: {
      url,
      calls: () => admin<SandboxCall[]>('calls'),
      violations: async () => (await admin<{ violations: number }>('violations')).violations,
      issuedWaybills: async () => (await state()).issued,
      secondWaybills: async () => (await state()).secondWaybills,
    },
    deskPatch: sandboxDeskPatch({ shops: () => [{ shopId: line(/^Shop id: (.+)$/m), sellerNick: line(/^Seller nick: (.+)$/m), userId: Number(line(/^User id: (\d+)$/m)), name: '' }] }),
    stop: () => cli.kill().then(() => undefined),
  };
}

/** How a desk the rig starts differs from the others; every field may be left out. */
export interface RigDeskOptions {
  /** Its name (a new folder is configured with it); `Desk A`, `Desk B`, … after its place by default. */
  deskName?: string;
  /** Its data folder; a fresh one in the rig's folder by default. */
  dataDir?: string;
  /** False for a folder that is configured already (a copy of another desk's): it just starts. */
  configure?: boolean;
  /** The port it reaches PostgreSQL on (a delaying proxy's); the server's own by default. */
  databasePort?: number;
  /** Its claims' lease; the rig's `leaseMs`, else the station's 60 s. */
  leaseMs?: number;
  /** False: `ready` without waiting for the shared database (a desk whose link the test expects refused). */
  awaitConnection?: boolean;
}

/** A desk of the rig: its process (replaced when it is started again) and its own print emulator. */
export interface RigDesk {
  process: SharedDeskProcess;
  emulator: PrintEmulator;
  setup: SharedDeskSetup;
}

/**
 * Several desk processes on one account: one PostgreSQL (its own throwaway server), one sandbox
 * in this process with its own 614 overlap check off (the desks alone must keep an order from a
 * second waybill), and a print emulator per desk.
 */
export interface SharedDesksRig {
  server: PostgresTestServer;
  /** The account's database on that server, as the desks connect to it (for a test's own look at the shared tables). */
  database: SharedConnectionSettings;
  sandbox: SandboxProcess;
  desks: RigDesk[];
  /** The rig's temporary folder (removed on close): where a test puts copies of a desk's data folder. */
  root: string;
  /** Starts one more desk with its own print emulator, appended to `desks` (see `RigDeskOptions`). */
  addDesk(options?: RigDeskOptions): Promise<RigDesk>;
  /** Starts a desk again on its data folder (after a kill), replacing its process. */
  restart(desk: RigDesk): Promise<void>;
  /** The first desk refreshes the shop's orders for all (one shared refresh); every desk lists them from the shared cache. Answers the order numbers. */
  refreshOrders(): Promise<string[]>;
  /** Plans each desk's selection and starts all the jobs at once; answers the plans and jobs, desk by desk. */
  issueTogether(selections: string[][]): Promise<{ plans: IssuePlan[]; jobs: JobView[] }>;
  /** Every label any desk's emulator printed, by document id (the waybill code). */
  printed(): string[];
  /** When the last label was printed at any desk's emulator (epoch ms, this process's clock), or 0 before any. */
  lastPrintedAt(): number;
  /** Waits until the emulators printed `count` labels and are idle. */
  allPrinted(count: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts the server, the sandbox (with `orders` sold orders, `latencyMs` per answer) and
 * `deskCount` desks, each connected, their claims' lease `leaseMs` (the station's 60 s unless set).
 */
export async function startSharedDesksRig(options: { deskCount: number; orders: number; latencyMs?: number; leaseMs?: number }): Promise<SharedDesksRig> {
  const root = await mkdtemp(join(tmpdir(), 'shared-desks-'));
  // The rig's own processes: a test running beside it (describe.concurrent) kills only its own.
  const processes = createFixtureGroup();
  // Desks stand in for machines of their own, the sandbox for a remote gateway that stamps each
  // call on arrival. On a busy 2-core machine a sandbox waiting 37–76 ms behind the desks for a
  // CPU stamped a window's first calls that late (seen: sent 1,052 ms before an eleventh call,
  // stamped 983 ms before it) and counted the eleventh as over the limit, which no network
  // between machines does: the desks give way to it.
  const startDeskProcess: FixtureGroup['start'] = (path, args) => processes.start(path, args, { niceness: DESK_NICENESS });
  const server = await startPostgresTestServer();
  // Until the rig exists, a failed start leaves nothing behind itself.
  const { database, sandbox, deskPatch, stopSandbox } = await (async () => {
    const database = await server.freshDatabase();
    const { sandbox, deskPatch, stop } = await startSandboxProcess({ orders: options.orders, latencyMs: options.latencyMs ?? 0 }, processes.start);
    return { database, sandbox, deskPatch, stopSandbox: stop };
  })().catch(async (error: unknown) => {
    processes.killAll();
    server.dispose();
    await rm(root, { recursive: true, force: true });
    throw error;
  });
  const desks: RigDesk[] = [];
  const rig: SharedDesksRig = {
    server,
    database,
    sandbox,
    desks,
    root,
    async addDesk(deskOptions = {}) {
      const index = desks.length;
      const desk = await startDesk(index, deskOptions);
      desks[index] = desk;
      return desk;
    },
    async restart(desk) {
      desk.setup = { ...desk.setup, configure: false };
      desk.process = await startSharedDesk(desk.setup, startDeskProcess);
    },
    async refreshOrders() {
      await deskAt(0).process.call('orders.refresh', { mode: 'full' });
      const listings = await Promise.all(desks.map((desk) => desk.process.call<OrderListing>('orders.list')));
      const [first, ...others] = listings.map((listing) => listing.rows.map((row) => row.order.orderNumber));
      if (!first || others.some((other) => other.length !== first.length)) throw new Error('a desk lists other orders than the refreshing one');
      return first;
    },
    async issueTogether(selections) {
      const plans = await Promise.all(selections.map((orderNumbers, index) => deskAt(index).process.call<IssuePlan>('issue.plan', { orders: ofDemoShop(orderNumbers), merge: false, keepApart: [] })));
      const jobs = await Promise.all(plans.map((plan, index) => deskAt(index).process.call<JobView>('issue.start', { jobId: plan.jobId })));
      return { plans, jobs };
    },
    printed: () => desks.flatMap((desk) => desk.emulator.printed().map((document) => document.documentId)),
    lastPrintedAt: () => desks.reduce((latest, desk) => desk.emulator.printed().reduce((at, document) => Math.max(at, document.at), latest), 0),
    async allPrinted(count) {
      for (const deadline = Date.now() + 60_000; rig.printed().length < count; await new Promise((wait) => setTimeout(wait, 100))) {
        if (Date.now() > deadline) throw new Error(`${rig.printed().length} of ${count} labels printed`);
      }
      await Promise.all(desks.map((desk) => desk.emulator.idle()));
    },
    async close() {
      // A frozen desk is thawed so it can close; one that does not close in time is killed.
      for (const desk of desks) desk.process.resume();
      const closing = Promise.all(desks.map((desk) => desk.process.close().catch(() => undefined)));
      await Promise.race([closing, new Promise((wait) => setTimeout(wait, 20_000))]);
      processes.killAll();
      await Promise.all(desks.map((desk) => desk.emulator.close()));
      await stopSandbox();
      server.dispose();
      await rm(root, { recursive: true, force: true });
    },
  };
  const deskAt = (index: number): RigDesk => {
    const desk = desks[index];
    if (!desk) throw new Error(`no desk ${index}`);
    return desk;
  };
  const startDesk = async (index: number, deskOptions: RigDeskOptions): Promise<RigDesk> => {
    const emulator = await startPrintEmulator({ port: 0, spoolDir: join(root, `spool-${index}`), noRender: true });
    const leaseMs = deskOptions.leaseMs ?? options.leaseMs;
    const setup: SharedDeskSetup = {
      deskName: deskOptions.deskName ?? `Desk ${String.fromCharCode(65 + index)}`,
      dataDir: deskOptions.dataDir ?? join(root, `desk-${index}`),
      configure: deskOptions.configure ?? true,
      token,
      sandboxUrl: sandbox.url,
      emulatorUrl: emulator.url,
      deskPatch,
      database: { ...database, port: deskOptions.databasePort ?? database.port, password: database.password ?? '' },
      ...(leaseMs === undefined ? {} : { leaseMs }),
      ...(deskOptions.awaitConnection === undefined ? {} : { awaitConnection: deskOptions.awaitConnection }),
    };
    try {
      return { process: await startSharedDesk(setup, startDeskProcess), emulator, setup };
    } catch (error) {
      await emulator.close();
      throw error;
    }
  };
  try {
    await Promise.all(
      Array.from({ length: options.deskCount }, async (_, index) => {
        desks[index] = await startDesk(index, {});
      }),
    );
  } catch (error) {
    await rig.close();
    throw error;
  }
  return rig;
}
