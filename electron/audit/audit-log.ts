import { randomUUID } from 'node:crypto';
import type { AuditEntry, AuditPage, AuditQuery } from '../../shared/operators/operators';
import { chinaDayOf } from '../../shared/time/china-time';
import { csvText } from '../issuing/waybill-csv';
import type { StationLogger } from '../logging/station-logger';
import type { SharedAudit } from '../store/postgres/shared-audit';
import type { AuditReader, AuditWriter } from '../store/station-backend';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What an action's entry says; the log adds its id, time and desk. */
export type AuditFacts = Omit<AuditEntry, 'id' | 'at' | 'deskId' | 'deskName'>;

/** The audit log: who did what, where, when, and how it ended. Appended to, never edited. */
export interface AuditLog {
  /** Appends an entry now (and sends it on to the account's log in shared mode). */
  record(facts: AuditFacts): Promise<AuditEntry>;
  /** A page of entries: the account's across desks when the shared database answers, else this desk's. */
  search(query: AuditQuery): Promise<AuditPage>;
  /** The matching entries as CSV (UTF-8 with BOM, as the history's export). */
  exportCsv(query: Omit<AuditQuery, 'limit' | 'offset'>): Promise<{ fileName: string; text: string; lines: number }>;
  /** Deletes entries older than the retention (here, and in the account's log); answers how many here. */
  prune(retentionDays: number): Promise<number>;
  /** Sends the entries the account's log has not received yet; answers how many went. */
  share(): Promise<number>;
}

/** The account's audit log as a desk reaches it in shared mode: only while its link is connected. */
export interface SharedAuditLink {
  audit: SharedAudit;
  /** Runs a shared call only while the link is ready (else throws), as SharedStation.withServer. */
  withServer<T>(work: () => Promise<T>): Promise<T>;
  state(): 'connected' | 'unreachable';
}

/** What the audit log is built from. */
export interface AuditLogOptions {
  store: { read: AuditReader; write: AuditWriter };
  /** This desk, as entries name it. */
  desk: () => { deskId: string; deskName: string };
  /** Shared mode: the account's log. */
  shared?: SharedAuditLink | undefined;
  logger: Pick<StationLogger, 'warn'>;
  now?: () => number;
}

const CSV_HEADER = ['时间 Time', '出单台 Desk', '操作员 Operator', '授权主管 Approved by', '操作 Action', '结果 Outcome', '订单 Orders', '运单 Waybills', '任务 Job', '说明 Detail'];

/** Creates the desk's audit log over its store (and the account's in shared mode). */
export function createAuditLog(options: AuditLogOptions): AuditLog {
  const now = options.now ?? Date.now;
  const { store, shared } = options;
  let sharing: Promise<number> | null = null;

  const shareNow = async (): Promise<number> => {
    if (shared === undefined || shared.state() !== 'connected') return 0;
    let sent = 0;
    for (;;) {
      const batch = await store.read.unshared(200);
      if (batch.length === 0) return sent;
      await shared.withServer(() => shared.audit.append(batch));
      await store.write.markShared(
        batch.map((entry) => entry.id),
        now(),
      );
      sent += batch.length;
    }
  };
  const share = (): Promise<number> => {
    // One send at a time: an entry is never sent by two overlapping passes.
    sharing ??= shareNow().finally(() => {
      sharing = null;
    });
    return sharing;
  };

  const search = async (query: AuditQuery): Promise<AuditPage> => {
    if (shared !== undefined && shared.state() === 'connected') {
      try {
        await share();
        return { ...(await shared.withServer(() => shared.audit.search(query))), source: 'account' };
      } catch (error) {
        options.logger.warn('the account’s audit log could not be searched; this desk’s is shown', { error: String(error) });
      }
    }
    return { ...(await store.read.search(query)), source: 'desk' };
  };

  return {
    async record(facts) {
      const entry: AuditEntry = { id: randomUUID(), at: now(), ...options.desk(), ...facts };
      await store.write.append(entry);
      // The local entry is the record; the account's copy follows now or once the server is back.
      void share().catch((error: unknown) => options.logger.warn('audit entries wait for the shared database', { error: String(error) }));
      return entry;
    },
    search,
    async exportCsv(query) {
      const lines: string[][] = [];
      for (let offset = 0; ; offset += 500) {
        const page = await search({ ...query, limit: 500, offset });
        for (const entry of page.entries) {
          lines.push([
            new Date(entry.at).toISOString(),
            entry.deskName,
            entry.operatorName ?? '',
            entry.approvedBy ?? '',
            entry.action,
            entry.outcome,
            entry.orderNumbers.join(' '),
            entry.waybillCodes.join(' '),
            entry.jobId ?? '',
            entry.detail,
          ]);
        }
        if (offset + 500 >= page.total || page.entries.length === 0) break;
      }
      const text = csvText([CSV_HEADER, ...lines]);
      return { fileName: `audit-log-${chinaDayOf(now())}.csv`, text, lines: lines.length };
    },
    async prune(retentionDays) {
      const cutoff = now() - Math.max(1, retentionDays) * DAY_MS;
      const pruned = await store.write.pruneOlderThan(cutoff);
      if (shared !== undefined && shared.state() === 'connected') await shared.withServer(() => shared.audit.pruneOlderThan(cutoff));
      return pruned;
    },
    share,
  };
}

/** Prunes the audit log past its retention now and then once a day; answers the function that stops it. */
export function startAuditRetention(options: { audit: Pick<AuditLog, 'prune'>; retentionDays: () => number; logger: Pick<StationLogger, 'warn' | 'info'> }): () => void {
  const pruneNow = () =>
    void options.audit
      .prune(options.retentionDays())
      .then((pruned) => pruned > 0 && options.logger.info('audit entries past the retention pruned', { pruned }))
      .catch((error: unknown) => options.logger.warn('audit log prune failed', { error: String(error) }));
  pruneNow();
  const daily = setInterval(pruneNow, DAY_MS);
  daily.unref();
  return () => clearInterval(daily);
}
