import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noFigures } from '../../shared/domain/statistics';
import { chinaDayStart, dayMs } from '../../shared/time/china-time';
import { statisticsReport } from '../statistics/statistics-report';
import { openLocalBackend } from '../store/local/open-local-backend';
import { openStationDatabase } from '../store/local/open-station-database';
import { createSharedHistory } from '../store/postgres/shared-history';
import { startPostgresTestServer, type PostgresTestServer } from '../store/postgres/testing/postgres-test-server';
import type { StationBackend } from '../store/station-backend';
import type { SharedStation } from './shared-station';
import { joinOtherDesk, openTestLink } from './testing/shared-test-link';
import { withSharedStatistics } from './with-shared-statistics';
import { startHistoryUpload } from './history-upload';
import { createStationLogger } from '../logging/station-logger';

// A desk in shared mode shows the account's figures of the shared history (its own waybills and
// another desk's, per desk), with its own records (failures, calls, held back, verification)
// under itself once its upload sent them; while the server is away, its own figures only.

const gateway = { baseUrl: 'https://gw.example', shopId: 'shop-1' };
const now = Date.now();
const hour = now - (now % 3_600_000);
const today = { from: chinaDayStart(now), to: chinaDayStart(now) + dayMs };

let server: PostgresTestServer;
let folder: string;
let station: SharedStation;
let backend: StationBackend;
const closing: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  server = await startPostgresTestServer();
  folder = await mkdtemp(join(tmpdir(), 'shared-statistics-'));
  const file = join(folder, 'station.db');
  // This desk's journal: two waybills of a job (one printed), a failed order, a charged call, an order verified.
  const db = openStationDatabase({ file });
  db.exec(`
    INSERT INTO issue_jobs (id, state, created_at, updated_at, carrier_code, branch_code, settings_json, gateway_base_url, shop_ids_json)
      VALUES ('job-a', 'done', ${hour}, ${hour}, 'YTO', 'B1', '{}', '${gateway.baseUrl}', json_array('${gateway.shopId}'));
    INSERT INTO waybills (waybill_code, object_id, origin, job_id, recorded_at, print_data_state, gateway_shop_id, carrier_code, branch_code)
      VALUES ('YT1', 'o1', 'issued', 'job-a', ${hour + 1}, 'present', '${gateway.shopId}', 'YTO', 'B1'), ('YT2', 'o2', 'issued', 'job-a', ${hour + 2}, 'present', '${gateway.shopId}', 'YTO', 'B1');
    INSERT INTO print_documents (id, job_id, seq, document_id, printer, own_layers_json, documents_per_task, state, attempts, received, rendered, created_at, updated_at)
      VALUES ('d1', 'job-a', 0, 'YT1', '', '[]', 1, 'printed', 1, 1, 1, ${hour}, ${hour});
    INSERT INTO journal_orders (gateway_shop_id, order_number, job_id, state, error_json, updated_at, gateway_base_url)
      VALUES ('${gateway.shopId}', 'T9', 'job-a', 'failed', '{"code":"gateway.issue-rejected.this-order-only","params":{}}', ${hour + 3}, '${gateway.baseUrl}');
    INSERT INTO gateway_call_costs (endpoint, points, job_id, shop_id, at, china_day) VALUES ('issue', 2, 'job-a', '${gateway.shopId}', ${hour + 4}, 'x');
    INSERT INTO desk_events (at, kind, shop_id, order_number, details_json) VALUES (${hour + 5}, 'verification.completed', '${gateway.shopId}', 'T1', '{}');
  `);
  db.close();
  const connection = await server.freshDatabase();
  station = await openTestLink({ connection, deskId: 'desk-a', deskName: 'Desk A', gateway, folder });
  backend = withSharedStatistics(await openLocalBackend({ file }), station);
  // Desk A's first waybill is shared already (the second waits); desk B issued three, one voided, one printed twice.
  const { desk: deskB, close } = await joinOtherDesk(connection, 'desk-b', 'Desk B');
  closing.push(close);
  const record = (code: string, minutes: number) => ({ waybillCode: code, parentWaybillCode: null, orderNumbers: [code], carrierCode: 'YTO', branchCode: 'B1', issuedAt: hour + minutes * 60_000, printDataText: null });
  await station.history.recordWaybills(gateway, 'job-a', [record('YT1', 0)]);
  await station.history.recordPrints([{ printId: 'd1', gateway, waybillCode: 'YT1', printedAt: hour }]);
  const historyB = createSharedHistory(deskB);
  await historyB.recordWaybills(gateway, 'job-b', [record('ZT1', 1), record('ZT2', 2), record('ZT3', 3)]);
  await historyB.recordPrints([{ printId: 'p1', gateway, waybillCode: 'ZT1', printedAt: hour }, { printId: 'p2', gateway, waybillCode: 'ZT1', printedAt: hour + 1 }]);
  await historyB.setVoid(gateway, ['ZT2'], hour + 9, 'damaged');
});
afterAll(async () => {
  for (const close of closing.splice(0)) await close();
  await station.close();
  await backend.close();
  server.dispose();
  await rm(folder, { recursive: true, force: true });
});

describe('statistics in shared mode', () => {
  it('are the account’s from the shared history, per desk, with this desk’s own records under itself; its own alone while the server is away', async () => {
    // Before this desk's upload sent its own records, the account has none of them.
    const unsent = await statisticsReport(backend.read.statistics, today);
    expect(unsent.totals).toEqual({ ...noFigures(), waybills: 4, labelsPrinted: 3, reprints: 1, voids: 1 });
    const upload = startHistoryUpload({
      station,
      outbox: { read: backend.read.uploadOutbox, write: backend.write.uploadOutbox },
      statistics: { read: backend.read.statisticsOutbox, write: backend.write.statisticsOutbox },
      logger: createStationLogger({ directory: join(folder, 'upload-logs'), secrets: () => [] }),
    });
    closing.push(() => upload.close());
    await upload.drained();
    const report = await statisticsReport(backend.read.statistics, today);
    const own = { failures: 1, calls: 1, points: 2, verified: 1 };
    expect(report.totals).toEqual({ ...noFigures(), waybills: 4, labelsPrinted: 3, reprints: 1, voids: 1, ...own });
    expect(report.groups.desk).toEqual([
      { key: 'desk-b', ...noFigures(), waybills: 3, labelsPrinted: 2, reprints: 1, voids: 1 },
      { key: 'desk-a', ...noFigures(), waybills: 1, labelsPrinted: 1, ...own },
    ]);

    server.stop();
    const deadline = Date.now() + 20_000;
    while (station.state() === 'connected' && Date.now() < deadline) await new Promise((wait) => setTimeout(wait, 50));
    const alone = await statisticsReport(backend.read.statistics, today);
    expect(alone.totals).toEqual({ ...noFigures(), waybills: 2, labelsPrinted: 1, ...own });
    expect(alone.groups.desk).toEqual([{ key: 'desk-a', ...alone.totals }]);
  });
});
