import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLocalBackend } from '../store/local/open-local-backend';
import { createSharedAudit } from '../store/postgres/shared-audit';
import { useSharedTestDesks } from '../store/postgres/testing/use-shared-test-desks';
import type { StationBackend } from '../store/station-backend';
import { createAuditLog, type AuditFacts, type AuditLog } from './audit-log';

const rig = useSharedTestDesks();
const DAY = 86_400_000;
const facts = (operatorName: string, action: AuditFacts['action'], waybillCodes: string[] = []): AuditFacts => ({
  operatorId: `op-${operatorName}`,
  operatorName,
  approvedBy: null,
  action,
  outcome: 'done',
  orderNumbers: [],
  waybillCodes,
  jobId: null,
  detail: '',
});

describe('the audit log across desks (shared mode, real PostgreSQL)', () => {
  let folder: string;
  const backends: StationBackend[] = [];
  let online = true;
  let clock = Date.now();

  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'shared-audit-'));
    online = true;
    clock = Date.now();
  });
  afterEach(async () => {
    await Promise.all(backends.splice(0).map((backend) => backend.close()));
    await rm(folder, { recursive: true, force: true });
  });

  const deskLog = async (deskId: string, deskName: string): Promise<{ log: AuditLog; backend: StationBackend }> => {
    const access = await rig.desks.join(deskId, deskName);
    const backend = await openLocalBackend({ file: join(folder, `${deskId}.db`) });
    backends.push(backend);
    const audit = createSharedAudit(access);
    const log = createAuditLog({
      store: { read: backend.read.audit, write: backend.write.audit },
      desk: () => ({ deskId, deskName }),
      shared: {
        audit,
        state: () => (online ? 'connected' : 'unreachable'),
        withServer: (work) => (online ? work() : Promise.reject(new Error('the server is away'))),
      },
      logger: { warn: () => undefined },
      now: () => clock,
    });
    return { log, backend };
  };

  it('finds at one desk what an operator did at another, and an entry made while the server was away once it is back', async () => {
    const one = await deskLog('desk-1', 'Desk 1');
    const two = await deskLog('desk-2', 'Desk 2');
    await one.log.record(facts('Li Na', 'void', ['YT100']));
    await one.log.share();
    online = false;
    await two.log.record(facts('Zhao Lei', 'reprint', ['YT200']));
    // Away from the server, a desk shows its own log.
    expect(await two.log.search({ limit: 10, offset: 0 })).toMatchObject({ source: 'desk', total: 1 });
    online = true;
    expect(await two.log.share()).toBe(1);
    const fromOne = await one.log.search({ text: 'YT200', limit: 10, offset: 0 });
    expect(fromOne).toMatchObject({ source: 'account', total: 1 });
    expect(fromOne.entries[0]).toMatchObject({ deskName: 'Desk 2', operatorName: 'Zhao Lei', action: 'reprint', waybillCodes: ['YT200'] });
    const all = await two.log.search({ limit: 10, offset: 0 });
    expect(all.entries.map((entry) => [entry.deskName, entry.operatorName])).toEqual([
      ['Desk 2', 'Zhao Lei'],
      ['Desk 1', 'Li Na'],
    ]);
    // Sent twice (an answer lost on the way), an entry is there once.
    await createSharedAudit(await rig.desks.join('desk-3')).append(all.entries);
    expect((await one.log.search({ limit: 10, offset: 0 })).total).toBe(2);
    expect((await one.log.search({ text: 'li na', actions: ['void'], limit: 10, offset: 0 })).total).toBe(1);
  });

  it('prunes only entries older than the retention, here and in the account’s log', async () => {
    const one = await deskLog('desk-1', 'Desk 1');
    const now = clock;
    clock = now - 400 * DAY;
    await one.log.record(facts('Li Na', 'issue'));
    clock = now - 100 * DAY;
    await one.log.record(facts('Li Na', 'print'));
    clock = now;
    await one.log.record(facts('Li Na', 'void'));
    await one.log.share();
    expect(await one.log.prune(365)).toBe(1);
    const kept = await one.log.search({ limit: 10, offset: 0 });
    expect(kept.entries.map((entry) => entry.action)).toEqual(['void', 'print']);
    expect((await one.backend.read.audit.search({ limit: 10, offset: 0 })).entries.map((entry) => entry.action)).toEqual(['void', 'print']);
    // A retention shorter than the database's floor still never deletes an entry younger than 30 days.
    await expect(one.backend.write.audit.pruneOlderThan(now + DAY)).rejects.toThrow(/kept/);
  });
});
