import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noFigures, type StatisticsFigures, type StatisticsReport } from '../../shared/domain/statistics';
import { chinaDayStart, dayMs } from '../../shared/time/china-time';
import { createStationLogger } from '../logging/station-logger';
import { statisticsReport } from '../statistics/statistics-report';
import { openLocalBackend } from '../store/local/open-local-backend';
import { openStationDatabase } from '../store/local/open-station-database';
import { startPostgresTestServer, type PostgresTestServer } from '../store/postgres/testing/postgres-test-server';
import type { SharedConnectionSettings } from '../store/postgres/open-shared-database';
import { deskOwnFigureNames, type StationBackend } from '../store/station-backend';
import { startHistoryUpload, type HistoryUpload } from './history-upload';
import type { SharedStation } from './shared-station';
import { openTestLink } from './testing/shared-test-link';
import { withSharedStatistics } from './with-shared-statistics';

// Two desks' own records — failed orders (by reason), gateway calls and points, orders held back,
// scan-to-verify's events, operators' work — are the account's in shared mode: each desk sends its
// hours, and every figure equals the sum of both desks' records; a desk whose upload waited for the
// server, or that was stopped before it sent, counts once.

const gateway = { baseUrl: 'https://gw.example', shopId: 'shop-1' };
const now = Date.now();
const hour = now - (now % 3_600_000);
const today = { from: chinaDayStart(now), to: chinaDayStart(now) + dayMs };

/** One desk: its station database, its link, its upload, and its statistics as the screen reads them. */
interface Desk {
  id: string;
  file: string;
  backend: StationBackend;
  link: SharedStation;
  upload: HistoryUpload;
  account: StationBackend;
}

let server: PostgresTestServer;
let connection: SharedConnectionSettings;
let folder: string;
const desks: Desk[] = [];

/** A desk's journal before it starts: a job with a failed order per reason given, charged calls, an order held back, scan-to-verify's events, an operator's reprint. */
function seed(file: string, id: string, reasons: readonly string[], points: number) {
  const db = openStationDatabase({ file });
  const job = `job-${id}`;
  db.exec(`INSERT INTO issue_jobs (id, state, created_at, updated_at, carrier_code, branch_code, settings_json, gateway_base_url, shop_ids_json)
    VALUES ('${job}', 'done', ${hour}, ${hour}, 'YTO', 'B1', '{}', '${gateway.baseUrl}', json_array('${gateway.shopId}'))`);
  reasons.forEach((reason, index) =>
    db
      .prepare(`INSERT INTO journal_orders (gateway_shop_id, order_number, job_id, state, error_json, updated_at, gateway_base_url) VALUES (?, ?, ?, 'failed', ?, ?, ?)`)
      .run(gateway.shopId, `F-${id}-${index}`, job, JSON.stringify({ code: reason, params: {} }), hour + 1 + index, gateway.baseUrl),
  );
  db.prepare(`INSERT INTO gateway_call_costs (endpoint, points, job_id, shop_id, at, china_day) VALUES ('issue', ?, ?, ?, ?, 'x')`).run(points, job, gateway.shopId, hour + 2);
  db.prepare(`INSERT INTO job_orders (job_id, shop_id, order_number, position, problems_json) VALUES (?, ?, ?, 0, ?)`).run(job, gateway.shopId, `H-${id}`, JSON.stringify([{ code: 'issuing.order-held-back', params: {} }]));
  db.prepare(`INSERT INTO desk_events (at, kind, shop_id, order_number, details_json, operator_name) VALUES (?, 'verification.completed', ?, ?, '{}', 'Li')`).run(hour + 3, gateway.shopId, `V-${id}`);
  db.prepare(`INSERT INTO desk_events (at, kind, shop_id, order_number, details_json) VALUES (?, 'verification.mismatch', ?, ?, '{}')`).run(hour + 4, gateway.shopId, `V-${id}`);
  db.prepare(`INSERT INTO audit_entries (id, at, desk_id, desk_name, operator_id, operator_name, action, outcome, waybill_codes, job_id) VALUES (?, ?, ?, ?, 'op-li', 'Li', 'reprint', 'done', '["YT1"]', NULL)`).run(
    `a-${id}`,
    hour + 5,
    id,
    id,
  );
  db.close();
}

/** Starts a desk on its station database: backend, link, upload (its own statistics with it). */
async function startDesk(id: string, file: string): Promise<Desk> {
  const backend = await openLocalBackend({ file });
  const link = await openTestLink({ connection, deskId: id, gateway, folder });
  const logger = createStationLogger({ directory: join(folder, `upload-${id}`), secrets: () => [] });
  const upload = startHistoryUpload({
    station: link,
    outbox: { read: backend.read.uploadOutbox, write: backend.write.uploadOutbox },
    statistics: { read: backend.read.statisticsOutbox, write: backend.write.statisticsOutbox },
    logger,
    backoffMs: 50,
    maxBackoffMs: 200,
  });
  return { id, file, backend, link, upload, account: withSharedStatistics(backend, link) };
}

async function stopDesk(desk: Desk) {
  await desk.upload.close();
  await desk.link.close();
  await desk.backend.close();
}

/** What the statistics screen shows of the figures only desks record. */
const ownOf = (report: StatisticsReport) => ({
  totals: Object.fromEntries(deskOwnFigureNames.map((name) => [name, report.totals[name]])),
  failuresByReason: report.failuresByReason,
  operators: report.groups.operator ?? [],
});

/** The figures only desks record, summed over the desks' own reports (as a desk alone shows them). */
async function summedOverDesks(): Promise<ReturnType<typeof ownOf>> {
  const totals: Partial<StatisticsFigures> = {};
  const reasons = new Map<string, number>();
  const operators = new Map<string, StatisticsFigures>();
  for (const desk of desks) {
    const report = await statisticsReport(desk.backend.read.statistics, today);
    for (const name of deskOwnFigureNames) totals[name] = (totals[name] ?? 0) + report.totals[name];
    for (const { reason, failures } of report.failuresByReason) reasons.set(reason, (reasons.get(reason) ?? 0) + failures);
    for (const { key, ...figures } of report.groups.operator ?? []) {
      const sum = operators.get(key) ?? noFigures();
      for (const name of Object.keys(sum) as (keyof StatisticsFigures)[]) sum[name] += figures[name];
      operators.set(key, sum);
    }
  }
  return {
    totals,
    failuresByReason: [...reasons].map(([reason, failures]) => ({ reason, failures })).sort((a, b) => b.failures - a.failures || a.reason.localeCompare(b.reason)),
    operators: [...operators].map(([key, figures]) => ({ key, ...figures })),
  };
}

async function connected(desk: Desk, state: 'connected' | 'away') {
  for (const deadline = Date.now() + 30_000; (desk.link.state() === 'connected') !== (state === 'connected'); await new Promise((wait) => setTimeout(wait, 50))) {
    if (Date.now() > deadline) throw new Error(`${desk.id} did not become ${state}`);
  }
}

beforeAll(async () => {
  server = await startPostgresTestServer();
  connection = await server.freshDatabase();
  folder = await mkdtemp(join(tmpdir(), 'shared-desk-statistics-'));
  for (const [id, reasons, points] of [
    ['desk-a', ['gateway.issue-rejected.this-order-only', 'gateway.issue-rejected.this-order-only'], 3],
    ['desk-b', ['gateway.issue-rejected.this-order-only', 'issuing.address-incomplete'], 5],
  ] as const) {
    const file = join(folder, `${id}.db`);
    seed(file, id, reasons, points);
    desks.push(await startDesk(id, file));
  }
  for (const desk of desks) await desk.upload.drained();
});
afterAll(async () => {
  for (const desk of desks.splice(0)) await stopDesk(desk);
  server.dispose();
  await rm(folder, { recursive: true, force: true });
});

describe('the account’s own-records statistics in shared mode', () => {
  it('are, at every desk, the sum of both desks’ failures by reason, calls and points, held back, verification and operator figures, each desk under itself', async () => {
    const expected = await summedOverDesks();
    expect(expected.totals).toEqual({ failures: 4, calls: 2, points: 8, heldBack: 2, verified: 2, mismatches: 2, overrides: 0 });
    for (const desk of desks) {
      const report = await statisticsReport(desk.account.read.statistics, today);
      expect(ownOf(report)).toEqual(expected);
      // Each desk's own records under its own desk.
      for (const other of desks) {
        const own = await statisticsReport(other.backend.read.statistics, today);
        const group = report.groups.desk?.find((entry) => entry.key === other.id);
        expect(Object.fromEntries(deskOwnFigureNames.map((name) => [name, group?.[name]]))).toEqual(ownOf(own).totals);
      }
    }
  });

  it('counts once what a desk recorded while the server was away, once it is back; and what a desk recorded before it was stopped, at its next start', async () => {
    const [deskA, deskB] = desks as [Desk, Desk];
    server.stop();
    await connected(deskA, 'away');
    // Recorded while the server is away: a charged call and an operator's void.
    await deskA.backend.write.costs.record({ endpoint: 'issue', points: 7, jobId: null, shopId: gateway.shopId, at: hour + 10 });
    await deskA.backend.write.audit.append({
      id: 'a-away',
      at: hour + 11,
      deskId: deskA.id,
      deskName: deskA.id,
      operatorId: 'op-li',
      operatorName: 'Li',
      approvedBy: null,
      action: 'void',
      outcome: 'done',
      orderNumbers: [],
      waybillCodes: ['YT9'],
      jobId: null,
      detail: '',
    });
    server.start();
    await connected(deskA, 'connected');
    await connected(deskB, 'connected');
    await deskA.upload.drained();
    // Sent again (a poke, another round): still once.
    deskA.upload.poke();
    await deskA.upload.drained();
    const expected = await summedOverDesks();
    expect(expected.totals).toMatchObject({ calls: 3, points: 15 });
    expect(ownOf(await statisticsReport(deskB.account.read.statistics, today))).toEqual(expected);

    // Desk B stops before its upload sends a call it recorded, then starts again on the same journal.
    await deskB.upload.close();
    await deskB.backend.write.costs.record({ endpoint: 'issue', points: 11, jobId: null, shopId: gateway.shopId, at: hour + 12 });
    await deskB.link.close();
    await deskB.backend.close();
    const before = ownOf(await statisticsReport(deskA.account.read.statistics, today));
    expect(before.totals).toMatchObject({ calls: 3, points: 15 });
    const restarted = await startDesk(deskB.id, deskB.file);
    desks[1] = restarted;
    await restarted.upload.drained();
    const after = await summedOverDesks();
    expect(after.totals).toMatchObject({ calls: 4, points: 26 });
    expect(ownOf(await statisticsReport(deskA.account.read.statistics, today))).toEqual(after);
    expect(ownOf(await statisticsReport(restarted.account.read.statistics, today))).toEqual(after);
  });
});
