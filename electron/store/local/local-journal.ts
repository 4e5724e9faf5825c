import { sameGateway } from '../../../shared/domain/gateway-identity';
import { shopOrderKey, shopOrderOfKey } from '../../../shared/domain/shop-order';
import { orderOnParcel, parcelObjectId } from '../../../shared/issuing/order-parcels';
import type { IssueJobSettings, JobEnding, JobState, OrderCounts, OrderState, OrderStatus, OrderViewState, PrintDataState, WaybillOrigin } from '../../../shared/domain/issuing';
import type { SoldOrder } from '../../../shared/domain/sold-order';
import type { PrintData, QueryEntryOutcome } from '../../../shared/domain/waybill';
import type { StationError } from '../../../shared/errors/station-error';
import type { Result } from '../../../shared/result';
import { commitWithoutOwnSync } from './commit-without-own-sync';
import type { StationDatabase } from './open-station-database';
import type { JournalReader, JournalWriter } from '../station-backend';
import type { ClaimedPackages, ClaimOptions, ClaimResult, HeldOrder, IssueAttemptOutcome, JobChange, JobMember, JobRecord, NewJob, OwnedOrder, PrintableWaybill } from '../station-records';
import type { LocalSoldOrders } from './local-sold-orders';
import type { WriteTimer } from './write-timer';
import { WAYBILLS_OF_JOURNAL_ROW } from './order-waybills';

/**
 * The issuing journal on the station database (tables of migration 2). Every method that
 * writes is ONE transaction: a step is committed before the engine takes the next one, so the
 * database always holds a state the start-up pass can finish. The rules that keep waybills from
 * being lost or doubled live in these transactions:
 * - an order number has one journal row, and a row holds at most one waybill, never replaced;
 * - an order goes `pending` (with an attempt row) before the issue call that carries it leaves;
 * - only `planned` orders owned by the job are ever marked pending (an order with a waybill can
 *   not be: the CHECK ties waybills to the issued/recovered/elsewhere states);
 * - a waybill found by the query endpoint is `recovered` when the order has a pending record or
 *   an earlier attempt whose outcome was never learned, else `elsewhere`;
 * - a job, its journal rows and its print tasks record the gateway and shop they were issued
 *   against (migration 6); an order pending under one gateway is never taken over by a job of
 *   another, whose query endpoint cannot know it.
 */

interface JobRow {
  id: string;
  state: JobState;
  ending: JobEnding | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  updated_at: number;
  settings_json: string;
  package_limit: number | null;
  stop_error_json: string | null;
  print_held: number;
  gateway_base_url: string;
  shop_ids_json: string;
}

interface JournalRow {
  order_number: string;
  job_id: string;
  state: OrderState;
  unknown_attempts: number;
  waybill_code: string | null;
  gateway_base_url: string;
  gateway_shop_id: string;
  claim_desk_id: string | null;
  lease_until: number | null;
}

/** A label's row: its waybill, print data and one of its orders, with the parcel it is (migration 15). */
interface LabelRow {
  waybill_code: string;
  print_data: string;
  order_json: string;
  parcel_no: number | null;
  shop_id: string;
}

const json = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value));
const parsed = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

function jobOf(row: JobRow): JobRecord {
  return {
    id: row.id,
    state: row.state,
    ending: row.ending,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    updatedAt: row.updated_at,
    settings: JSON.parse(row.settings_json) as IssueJobSettings,
    packageLimit: row.package_limit,
    stopError: parsed<StationError>(row.stop_error_json),
    printHeld: row.print_held === 1,
    baseUrl: row.gateway_base_url,
    shopIds: JSON.parse(row.shop_ids_json) as string[],
  };
}

/** SQL placeholders for a list. */
const placeholders = (count: number): string => Array.from({ length: count }, () => '?').join(', ');

/** The journal's questions and changes on a database migrated to at least version 2; its transactions are timed by `writes`. */
/** A member of a job as a claim reads it. */
interface ClaimMember {
  shop_id: string;
  order_number: string;
  position: number;
  package_key: string;
  sold_order_id: number;
}

/** The members (in the user's order) of the packages a claim takes, packages ranked by their first member; and whether packages come after them. */
function claimedMembers(members: readonly ClaimMember[], packages: ClaimedPackages | undefined): { members: ClaimMember[]; more: boolean } {
  if (packages === undefined) return { members: [...members], more: false };
  const rankOf = new Map<string, number>();
  for (const member of members) if (!rankOf.has(member.package_key)) rankOf.set(member.package_key, rankOf.size);
  const taken = (rank: number) => ('first' in packages ? rank < packages.first : rank >= packages.after);
  return { members: members.filter((member) => taken(rankOf.get(member.package_key) as number)), more: 'first' in packages && rankOf.size > packages.first };
}

export function createLocalJournal(db: StationDatabase, writes: WriteTimer, soldOrders: LocalSoldOrders): { read: JournalReader; write: JournalWriter } {
  const transaction = <A extends unknown[], T>(body: (...args: A) => T): ((...args: A) => T) => {
    const run = db.transaction(body);
    return (...args: A) => writes.time(() => run(...args));
  };

  const statements = {
    insertJob: db.prepare(`INSERT INTO issue_jobs (id, state, created_at, updated_at, carrier_code, branch_code, settings_json, gateway_base_url, shop_ids_json)
      VALUES (@id, 'planned', @createdAt, @createdAt, @carrierCode, @branchCode, @settings, @baseUrl, @shopIds)`),
    insertMember: db.prepare(`INSERT INTO job_orders (job_id, shop_id, order_number, position, package_key, sold_order_id, problems_json)
      VALUES (@jobId, @shopId, @orderNumber, @position, @packageKey, @soldOrderId, @problems)`),
    job: db.prepare('SELECT * FROM issue_jobs WHERE id = ?'),
    recentJobs: db.prepare('SELECT * FROM issue_jobs ORDER BY created_at DESC, rowid DESC LIMIT ?'),
    journalRow: db.prepare('SELECT order_number, job_id, state, unknown_attempts, waybill_code, gateway_base_url, gateway_shop_id, claim_desk_id, lease_until FROM journal_orders WHERE gateway_shop_id = ? AND order_number = ?'),
    insertJournal: db.prepare(`INSERT INTO journal_orders (order_number, job_id, state, updated_at, gateway_base_url, gateway_shop_id) VALUES (?, ?, ?, ?, ?, ?)`),
    setOwnerAndState: db.prepare('UPDATE journal_orders SET job_id = ?, state = ?, error_json = NULL, updated_at = ?, gateway_base_url = ? WHERE gateway_shop_id = ? AND order_number = ?'),
    setHolder: db.prepare('UPDATE job_orders SET held_by_job_id = ?, held_by_desk_id = ? WHERE job_id = ? AND shop_id = ? AND order_number = ?'),
    // The job's rows without a waybill carry its owner and lease; rows with one are settled and need none.
    leaseJob: db.prepare('UPDATE journal_orders SET claim_desk_id = ?, lease_until = ? WHERE job_id = ? AND waybill_code IS NULL'),
    renewLease: db.prepare('UPDATE journal_orders SET lease_until = ? WHERE job_id = ? AND claim_desk_id = ? AND lease_until IS NOT NULL AND waybill_code IS NULL'),
    releaseLease: db.prepare('UPDATE journal_orders SET lease_until = NULL WHERE job_id = ? AND claim_desk_id = ? AND lease_until IS NOT NULL'),
    // The members alone: a claim reads (and parses) the stored order only of the members it takes.
    members: db.prepare('SELECT shop_id, order_number, position, package_key, sold_order_id FROM job_orders WHERE job_id = ? AND package_key IS NOT NULL AND sold_order_id IS NOT NULL ORDER BY position'),
    soldOrderJson: db.prepare('SELECT order_json FROM sold_orders WHERE id = ?').pluck(),
    insertAttempt: db.prepare('INSERT INTO issue_attempts (job_id, shop_id, kind, started_at, finished_at, outcome, error_json) VALUES (?, ?, ?, ?, ?, ?, ?)'),
    insertAttemptOrder: db.prepare('INSERT OR IGNORE INTO attempt_orders (attempt_id, order_number) VALUES (?, ?)'),
    markPending: db.prepare(`UPDATE journal_orders SET state = 'pending', attempts = attempts + 1, last_attempt_id = ?, error_json = NULL, updated_at = ?
      WHERE gateway_shop_id = ? AND order_number = ? AND job_id = ? AND state = 'planned' AND waybill_code IS NULL`),
    finishAttempt: db.prepare('UPDATE issue_attempts SET finished_at = ?, outcome = ?, error_json = ? WHERE id = ?'),
    attempt: db.prepare('SELECT job_id, shop_id FROM issue_attempts WHERE id = ?'),
    pendingOfAttempt: db.prepare(`SELECT j.order_number FROM attempt_orders a JOIN issue_attempts t ON t.id = a.attempt_id
      JOIN journal_orders j ON j.gateway_shop_id = t.shop_id AND j.order_number = a.order_number
      WHERE a.attempt_id = ? AND j.state = 'pending' AND j.last_attempt_id = a.attempt_id`),
    backToPlanned: db.prepare(`UPDATE journal_orders SET state = 'planned', updated_at = ? WHERE gateway_shop_id = ? AND order_number = ? AND state = 'pending'`),
    failOrder: db.prepare(`UPDATE journal_orders SET state = 'failed', error_json = ?, updated_at = ? WHERE gateway_shop_id = ? AND order_number = ? AND state IN ('planned', 'pending')`),
    insertWaybill: db.prepare(`INSERT INTO waybills (waybill_code, parent_waybill_code, carrier_code, branch_code, object_id, origin, job_id, recorded_at, print_data, print_data_state, gateway_shop_id, parcel_order_number, parcel_no)
      VALUES (@waybillCode, @parentWaybillCode, @carrierCode, @branchCode, @objectId, @origin, @jobId, @recordedAt, @printData, @printDataState, @shopId, @parcelOrderNumber, @parcelNo)
      ON CONFLICT (waybill_code) DO NOTHING`),
    // The parcels' waybills of a job's settled orders (migration 15).
    jobParcels: db.prepare(`SELECT w.gateway_shop_id, w.parcel_order_number, w.waybill_code FROM job_orders m
      JOIN journal_orders j ON j.gateway_shop_id = m.shop_id AND j.order_number = m.order_number AND j.waybill_code IS NOT NULL
      JOIN waybills w ON w.gateway_shop_id = j.gateway_shop_id AND w.parcel_order_number = j.order_number
      WHERE m.job_id = ? ORDER BY w.parcel_no`),
    parcelNumbers: db.prepare('SELECT waybill_code, parcel_no FROM waybills WHERE gateway_shop_id = ? AND parcel_order_number = ?'),
    giveWaybill: db.prepare(`UPDATE journal_orders SET state = @state, waybill_code = @waybillCode, error_json = NULL, updated_at = @now
      WHERE gateway_shop_id = @shopId AND order_number = @orderNumber AND waybill_code IS NULL`),
    notIssued: db.prepare(`UPDATE journal_orders SET state = 'planned', unknown_attempts = unknown_attempts + 1, error_json = NULL, updated_at = ?
      WHERE gateway_shop_id = ? AND order_number = ? AND state = 'pending'`),
    // Why a pending order's outcome is still unknown (the gateway's words), for the views.
    explainPending: db.prepare(`UPDATE journal_orders SET error_json = ?, updated_at = ? WHERE gateway_shop_id = ? AND order_number = ? AND state = 'pending'`),
    status: db.prepare('SELECT order_number, state, waybill_code FROM journal_orders WHERE gateway_shop_id = ? AND order_number = ?'),
    pending: db.prepare(`SELECT gateway_shop_id, order_number, job_id FROM journal_orders
      WHERE state = 'pending' AND (lease_until IS NULL OR lease_until <= @now OR claim_desk_id IS NULL OR claim_desk_id = @deskId) ORDER BY job_id, gateway_shop_id, order_number`),
    setJobPrinter: db.prepare("UPDATE issue_jobs SET settings_json = json_set(settings_json, '$.printer', ?), updated_at = ? WHERE id = ?"),
    unreadable: db.prepare(`SELECT DISTINCT w.waybill_code FROM journal_orders j JOIN waybills w ON ${WAYBILLS_OF_JOURNAL_ROW}
      WHERE j.job_id = ? AND w.print_data_state = 'unreadable' ORDER BY w.waybill_code`),
    jobOrders: db.prepare(`SELECT m.shop_id, m.order_number, m.position, m.package_key, m.problems_json, m.held_by_job_id, m.held_by_desk_id, j.state, j.job_id AS owner, j.waybill_code, j.attempts, j.error_json
      FROM job_orders m LEFT JOIN journal_orders j ON j.gateway_shop_id = m.shop_id AND j.order_number = m.order_number WHERE m.job_id = ? ORDER BY m.position`),
    // The same reading of a member as the engine's views: invalid, not started, owned, or another job's.
    orderCounts: db.prepare(`SELECT CASE
        WHEN m.problems_json IS NOT NULL THEN 'invalid'
        WHEN j.order_number IS NULL THEN 'planned'
        WHEN j.job_id = m.job_id THEN j.state
        WHEN j.waybill_code IS NOT NULL THEN 'already-issued'
        WHEN m.held_by_job_id = j.job_id THEN 'held'
        ELSE 'moved' END AS view_state, COUNT(*) AS count
      FROM job_orders m LEFT JOIN journal_orders j ON j.gateway_shop_id = m.shop_id AND j.order_number = m.order_number WHERE m.job_id = ? GROUP BY view_state`),
  };

  /** The job's labels that may print without asking (one row per order on them). */
  const printableSql = (orderFilter: string) => `SELECT w.waybill_code, w.print_data, o.order_json, w.parcel_no, m.shop_id
    FROM job_orders m
    JOIN sold_orders o ON o.id = m.sold_order_id
    JOIN journal_orders j ON j.gateway_shop_id = m.shop_id AND j.order_number = m.order_number AND j.job_id = m.job_id
    JOIN waybills w ON ${WAYBILLS_OF_JOURNAL_ROW}
    WHERE m.job_id = ?
      AND j.state IN ('issued', 'recovered') AND w.print_data_state = 'present' AND w.voided_at IS NULL ${orderFilter}
    ORDER BY m.position, w.parcel_no`;
  const printableAll = db.prepare(printableSql(''));
  const labelStatements = {
    label: db.prepare(`SELECT w.waybill_code, w.print_data, w.print_data_state, j.job_id, o.order_json, w.parcel_no, m.shop_id
      FROM waybills w JOIN journal_orders j ON ${WAYBILLS_OF_JOURNAL_ROW} JOIN job_orders m ON m.shop_id = j.gateway_shop_id AND m.order_number = j.order_number AND m.job_id = j.job_id
      JOIN sold_orders o ON o.id = m.sold_order_id
      WHERE w.waybill_code = ? ORDER BY m.position`),
  };

  const waitingStatements = {
    // Pending orders, and orders an unfinished job has still to issue.
    orders: db.prepare(`SELECT j.gateway_base_url, j.gateway_shop_id, COUNT(*) AS count FROM journal_orders j JOIN issue_jobs s ON s.id = j.job_id
      WHERE j.state = 'pending' OR (j.state = 'planned' AND s.state IN ('issuing', 'printing'))
      GROUP BY j.gateway_base_url, j.gateway_shop_id`),
    // Printable labels of unfinished jobs, with their job's gateway and their own shop.
    labels: db.prepare(`SELECT DISTINCT w.waybill_code, s.gateway_base_url, w.gateway_shop_id FROM issue_jobs s
      JOIN journal_orders j ON j.job_id = s.id JOIN waybills w ON ${WAYBILLS_OF_JOURNAL_ROW}
      WHERE s.state IN ('issuing', 'printing') AND j.state IN ('issued', 'recovered') AND w.print_data_state = 'present' AND w.voided_at IS NULL`),
    outside: db.prepare('SELECT 1 FROM issue_jobs WHERE gateway_base_url <> ? LIMIT 1'),
  };

  function statusOf(shopId: string, orderNumber: string): OrderStatus {
    const row = statements.status.get(shopId, orderNumber) as { order_number: string; state: OrderState; waybill_code: string | null } | undefined;
    if (!row) throw new Error(`order ${orderNumber} of shop ${shopId} has no journal row`);
    return { shopId, orderNumber: row.order_number, state: row.state, waybillCode: row.waybill_code };
  }

  /**
   * Records a waybill and gives it to orders that have none (an order's waybill is never
   * replaced). A parcel's waybill records its order and number; it is given to its order only
   * when `orders` names it (the first parcel recorded becomes the order's waybill).
   */
  function recordWaybill(
    waybill: { waybillCode: string; parentWaybillCode: string | null; objectId: string; printData: Result<PrintData> },
    context: { origin: WaybillOrigin; jobId: string; shopId: string; carrierCode: string | null; branchCode: string | null; now: number },
    orders: readonly { orderNumber: string; state: WaybillOrigin }[],
    parcel: { orderNumber: string; no: number } | null = null,
  ): void {
    statements.insertWaybill.run({
      parcelOrderNumber: parcel?.orderNumber ?? null,
      parcelNo: parcel?.no ?? null,
      waybillCode: waybill.waybillCode,
      parentWaybillCode: waybill.parentWaybillCode,
      carrierCode: context.carrierCode,
      branchCode: context.branchCode,
      objectId: waybill.objectId,
      origin: context.origin,
      jobId: context.jobId,
      recordedAt: context.now,
      // The gateway's print_data text, stored as it came: the one copy of it (the print queue refers to it).
      printData: waybill.printData.ok ? waybill.printData.data.text : null,
      printDataState: waybill.printData.ok ? 'present' : 'unreadable',
      shopId: context.shopId,
    });
    for (const order of orders) {
      statements.giveWaybill.run({ state: order.state, waybillCode: waybill.waybillCode, now: context.now, shopId: context.shopId, orderNumber: order.orderNumber });
    }
  }

  const createJob = transaction((job: NewJob, members: readonly JobMember[]) => {
    statements.insertJob.run({
      id: job.id,
      baseUrl: job.baseUrl,
      shopIds: JSON.stringify([...new Set(members.map((member) => member.shopId))]),
      createdAt: job.createdAt,
      carrierCode: job.settings.carrierCode,
      branchCode: job.settings.branchCode,
      settings: JSON.stringify(job.settings),
    });
    for (const member of members) {
      statements.insertMember.run({
        jobId: job.id,
        shopId: member.shopId,
        orderNumber: member.orderNumber,
        position: member.position,
        packageKey: member.packageKey,
        // The order as planned, stored once: the cache's row of the same version is this one.
        soldOrderId: soldOrders.idOf(member.order),
        problems: json(member.problems),
      });
    }
  });

  const updateJobNow = db.transaction((jobId: string, change: JobChange, now: number) => {
    const columns: Record<string, unknown> = {};
    if (change.state !== undefined) columns.state = change.state;
    if (change.ending !== undefined) columns.ending = change.ending;
    if (change.startedAt !== undefined) columns.started_at = change.startedAt;
    if (change.finishedAt !== undefined) columns.finished_at = change.finishedAt;
    if (change.packageLimit !== undefined) columns.package_limit = change.packageLimit;
    if (change.stopError !== undefined) columns.stop_error_json = json(change.stopError);
    if (change.printHeld !== undefined) columns.print_held = change.printHeld ? 1 : 0;
    columns.updated_at = now;
    const assignments = Object.keys(columns).map((column) => `${column} = @${column}`).join(', ');
    db.prepare(`UPDATE issue_jobs SET ${assignments} WHERE id = @id`).run({ ...columns, id: jobId });
    const row = statements.job.get(jobId) as JobRow | undefined;
    if (!row) throw new Error(`no job ${jobId}`);
    return jobOf(row);
  });
  /**
   * A job's change of state. A job starting to issue is committed without its own fsync: lost to a
   * power cut, the job is only planned again, for nothing leaves before the durable pending record
   * of its first call (which takes this change to the disk with it). Every other change (an
   * ending, a cancel) is on the disk before the engine goes on: a cancelled job must never come
   * back as one to resume.
   */
  const updateJob = (jobId: string, change: JobChange, now: number): JobRecord =>
    writes.time(() => (change.state === 'issuing' ? commitWithoutOwnSync(db, () => updateJobNow(jobId, change, now)) : updateJobNow(jobId, change, now)));

  /** Whether another owner than (deskId, jobId) holds the row under a lease not lapsed at `now`. */
  const heldByAnother = (row: JournalRow, jobId: string, deskId: string, now: number): boolean =>
    row.lease_until !== null && row.lease_until > now && row.claim_desk_id !== null && (row.job_id !== jobId || row.claim_desk_id !== deskId);

  const claimNow = (jobId: string, options: ClaimOptions, now: number): ClaimResult => {
    const { members, more } = claimedMembers(statements.members.all(jobId) as ClaimMember[], options.packages);
    const { baseUrl } = jobOf(statements.job.get(jobId) as JobRow);
    const setOwnerAndState = (state: OrderState, shopId: string, orderNumber: string) => statements.setOwnerAndState.run(jobId, state, now, baseUrl, shopId, orderNumber);
    const owned: OwnedOrder[] = [];
    const held: HeldOrder[] = [];
    for (const member of members) {
      const shopId = member.shop_id;
      const row = statements.journalRow.get(shopId, member.order_number) as JournalRow | undefined;
      let state: OrderState | null;
      if (row && row.waybill_code === null && heldByAnother(row, jobId, options.owner.deskId, now)) {
        // Another job or desk runs it now: refused, never moved.
        held.push({ shopId, orderNumber: member.order_number, jobId: row.job_id, deskId: row.claim_desk_id as string });
        statements.setHolder.run(row.job_id, row.claim_desk_id, jobId, shopId, member.order_number);
        continue;
      }
      statements.setHolder.run(null, null, jobId, shopId, member.order_number);
      if (!row) {
        statements.insertJournal.run(member.order_number, jobId, 'planned', now, baseUrl, shopId);
        state = 'planned';
      } else if (row.waybill_code !== null) {
        state = row.job_id === jobId ? row.state : null;
      } else if (row.state === 'pending') {
        // Only the gateway it is pending under can say whether it was issued: another one's job leaves it alone.
        const sameOne = sameGateway({ baseUrl: row.gateway_base_url, shopId: row.gateway_shop_id }, { baseUrl, shopId });
        if (row.job_id !== jobId && sameOne) setOwnerAndState('pending', shopId, member.order_number);
        state = row.job_id === jobId || sameOne ? 'pending' : null;
      } else if (row.job_id === jobId && row.state === 'failed' && !options.retryFailed) {
        state = 'failed';
      } else {
        // Not reached yet, skipped, another job's leftover, or a failed order the user retries.
        if (row.job_id !== jobId || row.state !== 'planned') setOwnerAndState('planned', shopId, member.order_number);
        state = 'planned';
      }
      if (state !== null) owned.push({ shopId, orderNumber: member.order_number, position: member.position, packageKey: member.package_key, order: JSON.parse(statements.soldOrderJson.get(member.sold_order_id) as string) as SoldOrder, state });
    }
    if (options.packageLimit !== null) {
      const withWork = new Set<string>();
      for (const order of owned) {
        if (order.state !== 'planned' && order.state !== 'pending') continue;
        if (!withWork.has(order.packageKey) && withWork.size >= options.packageLimit && order.state === 'planned') {
          setOwnerAndState('skipped', order.shopId, order.orderNumber);
          order.state = 'skipped';
          continue;
        }
        withWork.add(order.packageKey);
      }
    }
    statements.leaseJob.run(options.owner.deskId, options.owner.leaseUntil, jobId);
    return { owned, held, more };
  };
  // Immediate: the rows are read and taken under one write lock, so a second connection's claim waits and then sees them taken.
  const claimTransaction = db.transaction(claimNow);
  // A claim lost to a power cut is harmless: nothing has left yet, and the pending record that comes before any call is durable (and takes the claim to the disk with it).
  const claim = (...args: Parameters<typeof claimNow>): ClaimResult => writes.time(() => commitWithoutOwnSync(db, () => claimTransaction.immediate(...args)));

  const beginIssue = transaction((jobId: string, shopId: string, orderNumbers: readonly string[], now: number) => {
    const attemptId = Number(statements.insertAttempt.run(jobId, shopId, 'issue', now, null, null, null).lastInsertRowid);
    const marked: string[] = [];
    for (const orderNumber of orderNumbers) {
      if (statements.markPending.run(attemptId, now, shopId, orderNumber, jobId).changes === 0) continue;
      statements.insertAttemptOrder.run(attemptId, orderNumber);
      marked.push(orderNumber);
    }
    return { attemptId, orderNumbers: marked, statuses: orderNumbers.map((orderNumber) => statusOf(shopId, orderNumber)) };
  });

  const finishIssue = transaction((attemptId: number, outcome: IssueAttemptOutcome, now: number): OrderStatus[] => {
    const pending = (statements.pendingOfAttempt.all(attemptId) as { order_number: string }[]).map((row) => row.order_number);
    const { job_id: jobId, shop_id: shopId } = statements.attempt.get(attemptId) as { job_id: string; shop_id: string };
    const job = jobOf(statements.job.get(jobId) as JobRow);
    const error = outcome.kind === 'answered' ? null : outcome.error;
    statements.finishAttempt.run(now, outcome.kind, json(error), attemptId);
    const carried = new Set(pending);
    if (outcome.kind === 'answered') {
      // An order whose parcels are not all answered stays pending: its parcels' waybills are kept, and given once it is looked up.
      const unsettled = new Set(outcome.unknown.flatMap((entry) => entry.orderNumbers));
      // Parcel 1 first, so the order's own waybill is its first parcel's.
      for (const entry of [...outcome.issued].sort((a, b) => (a.parcelNo ?? 0) - (b.parcelNo ?? 0))) {
        const orders = entry.orderNumbers
          .filter((orderNumber) => carried.has(orderNumber) && !(entry.parcelNo !== undefined && unsettled.has(orderNumber)))
          .map((orderNumber) => ({ orderNumber, state: 'issued' as const }));
        const [parcelOrder] = entry.orderNumbers;
        const parcel = entry.parcelNo !== undefined && parcelOrder !== undefined ? { orderNumber: parcelOrder, no: entry.parcelNo } : null;
        recordWaybill(entry, { origin: 'issued', jobId, shopId, carrierCode: job.settings.carrierCode, branchCode: job.settings.branchCode, now }, orders, parcel);
      }
      for (const failure of outcome.failed) {
        for (const orderNumber of failure.orderNumbers) if (carried.has(orderNumber)) statements.failOrder.run(JSON.stringify(failure.error), now, shopId, orderNumber);
      }
      for (const unclear of outcome.unknown) {
        for (const orderNumber of unclear.orderNumbers) if (carried.has(orderNumber)) statements.explainPending.run(JSON.stringify(unclear.error), now, shopId, orderNumber);
      }
    } else if (outcome.kind === 'unknown') {
      for (const orderNumber of pending) statements.explainPending.run(JSON.stringify(outcome.error), now, shopId, orderNumber);
    } else if (outcome.kind === 'rejected' || outcome.kind === 'not-sent') {
      for (const orderNumber of pending) statements.backToPlanned.run(now, shopId, orderNumber);
    }
    return pending.map((orderNumber) => statusOf(shopId, orderNumber));
  });

  const failOrders = transaction((shopId: string, orderNumbers: readonly string[], error: StationError, now: number): OrderStatus[] => {
    for (const orderNumber of orderNumbers) statements.failOrder.run(JSON.stringify(error), now, shopId, orderNumber);
    return orderNumbers.map((orderNumber) => statusOf(shopId, orderNumber));
  });

  const recordQuery = transaction((jobId: string, shopId: string, outcomes: readonly QueryEntryOutcome[], now: number, issuedElsewhere: ReadonlySet<string>): OrderStatus[] => {
    const attemptId = Number(statements.insertAttempt.run(jobId, shopId, 'query', now, now, 'answered', null).lastInsertRowid);
    const known: string[] = [];
    for (const outcome of outcomes) {
      statements.insertAttemptOrder.run(attemptId, outcome.orderNumber);
      const row = statements.journalRow.get(shopId, outcome.orderNumber) as JournalRow | undefined;
      if (!row) continue;
      known.push(outcome.orderNumber);
      if (outcome.status === 'found') {
        const parcels = outcome.parcels ?? [];
        if (row.waybill_code !== null && parcels.length === 0) continue;
        // Our own answer was lost (a pending record, or an attempt never answered): recovered — unless another desk holds or issued the order.
        const ours = row.waybill_code !== null || ((row.state === 'pending' || row.unknown_attempts > 0) && !issuedElsewhere.has(outcome.orderNumber));
        const origin: WaybillOrigin = ours ? 'recovered' : 'elsewhere';
        const owner = jobOf(statements.job.get(row.job_id) as JobRow);
        const carrier = origin === 'recovered' ? owner.settings : null;
        const context = { origin, jobId: row.job_id, shopId, carrierCode: carrier?.carrierCode ?? null, branchCode: carrier?.branchCode ?? null, now };
        const orders = [{ orderNumber: outcome.orderNumber, state: origin }];
        if (parcels.length === 0) {
          recordWaybill({ ...outcome.waybill, objectId: outcome.orderNumber }, context, orders);
          continue;
        }
        // An order shipped in several parcels: each parcel's waybill is recorded (those known keep their number), the first given to the order.
        const known = new Map((statements.parcelNumbers.all(shopId, outcome.orderNumber) as { waybill_code: string; parcel_no: number }[]).map((parcel) => [parcel.waybill_code, parcel.parcel_no]));
        let next = Math.max(0, ...known.values());
        const numbered = parcels.map((parcel) => ({ parcel, no: known.get(parcel.waybillCode) ?? (next += 1) })).sort((a, b) => a.no - b.no);
        for (const { parcel, no } of numbered) {
          recordWaybill({ ...parcel, objectId: parcelObjectId(outcome.orderNumber, no) }, context, orders, { orderNumber: outcome.orderNumber, no });
        }
      } else if (outcome.status === 'not-issued' && row.state === 'pending') {
        // The attempt's outcome was never learned from its own answer: it counts as unknown for good.
        statements.notIssued.run(now, shopId, outcome.orderNumber);
      } else if (outcome.status === 'unknown') {
        statements.explainPending.run(JSON.stringify(outcome.error), now, shopId, outcome.orderNumber);
      }
    }
    return known.map((orderNumber) => statusOf(shopId, orderNumber));
  });

  const recordFailedQuery = transaction((jobId: string, shopId: string, orderNumbers: readonly string[], error: StationError, now: number) => {
    const attemptId = Number(statements.insertAttempt.run(jobId, shopId, 'query', now, now, 'unknown', JSON.stringify(error)).lastInsertRowid);
    for (const orderNumber of orderNumbers) {
      statements.insertAttemptOrder.run(attemptId, orderNumber);
      statements.explainPending.run(JSON.stringify(error), now, shopId, orderNumber);
    }
  });

  /** A label's orders as it shows them: a split parcel's order with its share of the goods. */
  const labelOrder = (row: Pick<LabelRow, 'order_json' | 'shop_id' | 'parcel_no'>, settings: IssueJobSettings): SoldOrder => orderOnParcel(JSON.parse(row.order_json) as SoldOrder, row.shop_id, row.parcel_no, settings);

  const labelsOf = (rows: LabelRow[], settings: IssueJobSettings): PrintableWaybill[] => {
    const labels = new Map<string, PrintableWaybill>();
    for (const row of rows) {
      const label = labels.get(row.waybill_code) ?? { waybillCode: row.waybill_code, printData: JSON.parse(row.print_data) as Record<string, unknown>, orders: [] };
      label.orders.push(labelOrder(row, settings));
      labels.set(row.waybill_code, label);
    }
    return [...labels.values()];
  };

  /** Rows of a column over a long list of order numbers, 500 at a time (SQLite's parameter limit). */
  const inChunks = <R>(sql: (placeholderList: string) => string, shopId: string, orderNumbers: readonly string[]): R[] => {
    const rows: R[] = [];
    for (let start = 0; start < orderNumbers.length; start += 500) {
      const chunk = orderNumbers.slice(start, start + 500);
      rows.push(...(db.prepare(sql(placeholders(chunk.length))).all(shopId, ...chunk) as R[]));
    }
    return rows;
  };

  return {
    read: {
      async job(jobId) {
        const row = statements.job.get(jobId) as JobRow | undefined;
        return row && jobOf(row);
      },
      async jobsIn(states) {
        if (states.length === 0) return [];
        const rows = db.prepare(`SELECT * FROM issue_jobs WHERE state IN (${placeholders(states.length)}) ORDER BY created_at, rowid`).all(...states) as JobRow[];
        return rows.map(jobOf);
      },
      recentJobs: async (limit) => (statements.recentJobs.all(limit) as JobRow[]).map(jobOf),
      async pendingOrders(deskId, now) {
        const grouped: { jobId: string; shopId: string; orderNumbers: string[] }[] = [];
        for (const row of statements.pending.all({ deskId, now }) as { gateway_shop_id: string; order_number: string; job_id: string }[]) {
          const last = grouped.at(-1);
          if (last?.jobId === row.job_id && last.shopId === row.gateway_shop_id) last.orderNumbers.push(row.order_number);
          else grouped.push({ jobId: row.job_id, shopId: row.gateway_shop_id, orderNumbers: [row.order_number] });
        }
        return grouped;
      },
      async printableLabels(jobId, orderKeys) {
        const row = statements.job.get(jobId) as JobRow | undefined;
        if (!row) return [];
        const { settings } = jobOf(row);
        if (orderKeys === undefined) return labelsOf(printableAll.all(jobId) as LabelRow[], settings);
        if (orderKeys.length === 0) return [];
        // Row values over the members' key (job, shop, order number): each order is found through its index.
        const refs = orderKeys.flatMap((key) => shopOrderOfKey(key) ?? []);
        const filter = `AND (m.shop_id, m.order_number) IN (VALUES ${refs.map(() => '(?, ?)').join(', ')})`;
        const params = refs.flatMap((ref) => [ref.shopId, ref.orderNumber]);
        return labelsOf(db.prepare(printableSql(filter)).all(jobId, ...params) as LabelRow[], settings);
      },
      async previewLabel(waybillCode) {
        const rows = labelStatements.label.all(waybillCode) as (Omit<LabelRow, 'print_data'> & { print_data: string | null; print_data_state: PrintDataState; job_id: string })[];
        const [first] = rows;
        if (!first) return { kind: 'none', reason: 'unknown-waybill' };
        if (first.print_data_state !== 'present' || first.print_data === null) return { kind: 'none', reason: first.print_data_state === 'purged' ? 'print-data-purged' : 'print-data-unreadable' };
        const { settings } = jobOf(statements.job.get(first.job_id) as JobRow);
        return {
          kind: 'label',
          settings,
          label: { waybillCode, printData: JSON.parse(first.print_data) as Record<string, unknown>, orders: rows.map((row) => labelOrder(row, settings)) },
        };
      },
      unreadableWaybills: async (jobId) => (statements.unreadable.all(jobId) as { waybill_code: string }[]).map((row) => row.waybill_code),
      async orderCounts(jobId) {
        const counts: OrderCounts = {
          total: 0, invalid: 0, 'already-issued': 0, moved: 0, planned: 0, pending: 0, issued: 0, recovered: 0, elsewhere: 0, failed: 0, skipped: 0, held: 0,
        };
        for (const row of statements.orderCounts.all(jobId) as { view_state: OrderViewState; count: number }[]) {
          counts[row.view_state] = row.count;
          counts.total += row.count;
        }
        return counts;
      },
      async jobOrders(jobId) {
        const rows = statements.jobOrders.all(jobId) as {
          shop_id: string;
          order_number: string;
          position: number;
          package_key: string | null;
          problems_json: string | null;
          held_by_job_id: string | null;
          held_by_desk_id: string | null;
          state: OrderState | null;
          owner: string | null;
          waybill_code: string | null;
          attempts: number | null;
          error_json: string | null;
        }[];
        const parcels = new Map<string, string[]>();
        for (const parcel of statements.jobParcels.all(jobId) as { gateway_shop_id: string; parcel_order_number: string; waybill_code: string }[]) {
          const key = shopOrderKey({ shopId: parcel.gateway_shop_id, orderNumber: parcel.parcel_order_number });
          parcels.set(key, [...(parcels.get(key) ?? []), parcel.waybill_code]);
        }
        return rows.map((row) => ({
          parcelWaybills: parcels.get(shopOrderKey({ shopId: row.shop_id, orderNumber: row.order_number })) ?? [],
          shopId: row.shop_id,
          orderNumber: row.order_number,
          position: row.position,
          packageKey: row.package_key,
          problems: parsed<StationError[]>(row.problems_json),
          state: row.state,
          ownerJobId: row.owner,
          waybillCode: row.waybill_code,
          attempts: row.attempts ?? 0,
          error: parsed<StationError>(row.error_json),
          heldBy: row.held_by_job_id !== null && row.held_by_desk_id !== null ? { jobId: row.held_by_job_id, deskId: row.held_by_desk_id } : null,
        }));
      },
      async waybillsOf(shopId, orderNumbers) {
        const rows = inChunks<{ order_number: string; waybill_code: string }>(
          (list) => `SELECT order_number, waybill_code FROM journal_orders WHERE waybill_code IS NOT NULL AND gateway_shop_id = ? AND order_number IN (${list})`,
          shopId,
          orderNumbers,
        );
        return new Map(rows.map((row) => [row.order_number, row.waybill_code]));
      },
      async pendingAmong(shopId, orderNumbers) {
        const rows = inChunks<{ order_number: string }>((list) => `SELECT order_number FROM journal_orders WHERE state = 'pending' AND gateway_shop_id = ? AND order_number IN (${list})`, shopId, orderNumbers);
        return new Set(rows.map((row) => row.order_number));
      },
      ordersWaitingByGateway: async () =>
        (waitingStatements.orders.all() as { gateway_base_url: string; gateway_shop_id: string; count: number }[]).map((row) => ({
          gateway: { baseUrl: row.gateway_base_url, shopId: row.gateway_shop_id },
          count: row.count,
        })),
      labelsOfUnfinishedJobs: async () =>
        (waitingStatements.labels.all() as { waybill_code: string; gateway_base_url: string; gateway_shop_id: string }[]).map((row) => ({
          waybillCode: row.waybill_code,
          gateway: { baseUrl: row.gateway_base_url, shopId: row.gateway_shop_id },
        })),
      hasJobsOutside: async (gateway) => waitingStatements.outside.get(gateway) !== undefined,
    },
    write: {
      createJob: async (job, members) => createJob(job, members),
      updateJob: async (jobId, change, now) => updateJob(jobId, change, now),
      claim: async (jobId, options, now) => claim(jobId, options, now),
      beginIssue: async (jobId, shopId, orderNumbers, now) => beginIssue(jobId, shopId, orderNumbers, now),
      finishIssue: async (attemptId, outcome, now) => finishIssue(attemptId, outcome, now),
      failOrders: async (shopId, orderNumbers, error, now) => failOrders(shopId, orderNumbers, error, now),
      recordQuery: async (jobId, shopId, outcomes, now, issuedElsewhere = new Set()) => recordQuery(jobId, shopId, outcomes, now, issuedElsewhere),
      recordFailedQuery: async (jobId, shopId, orderNumbers, error, now) => recordFailedQuery(jobId, shopId, orderNumbers, error, now),
      renewClaim: async (jobId, deskId, leaseUntil) => writes.time(() => statements.renewLease.run(leaseUntil, jobId, deskId).changes),
      async releaseClaim(jobId, deskId) {
        writes.time(() => statements.releaseLease.run(jobId, deskId));
      },
      async setJobPrinter(jobId, printer, now) {
        writes.time(() => statements.setJobPrinter.run(printer, now, jobId));
      },
    },
  };
}
