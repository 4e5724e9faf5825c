import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OperatorSession } from '../../shared/operators/operators';
import type { OperatorsSettings } from '../../shared/settings/settings-schema';
import { createAuditLog, type AuditLog } from '../audit/audit-log';
import { StationFailure } from '../ipc/to-station-error';
import { openLocalBackend } from '../store/local/open-local-backend';
import type { StationBackend } from '../store/station-backend';
import { createOperatorDesk, type OperatorDesk } from './operator-desk';
import { badgeHash, hashPin, pinMatches } from './pin-hash';

const MINUTE = 60_000;

describe('a PIN’s hash', () => {
  it('is scrypt with its own salt: never the PIN, different for the same PIN twice, and matched only by it', async () => {
    const first = await hashPin('2468');
    const second = await hashPin('2468');
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(first).not.toContain('2468');
    expect(second).not.toBe(first);
    expect(await pinMatches('2468', first)).toBe(true);
    expect(await pinMatches('2469', first)).toBe(false);
    expect(await pinMatches('2468', 'plain$2468')).toBe(false);
  });

  it('takes long enough to slow a guesser (tens of milliseconds a try, not microseconds)', async () => {
    const started = performance.now();
    await hashPin('135790');
    expect(performance.now() - started).toBeGreaterThan(10);
  });

  it('of a badge ignores letter case, full-width characters and spaces, as the scanner’s codes do', () => {
    expect(badgeHash(' badge-ｌｉｎａ-01 ')).toBe(badgeHash('BADGE-LINA-01'));
  });
});

describe('the operator desk', () => {
  let folder: string;
  let backend: StationBackend;
  let audit: AuditLog;
  let desk: OperatorDesk;
  let clock: number;
  let settings: OperatorsSettings;
  const told: OperatorSession[] = [];

  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'operator-desk-'));
    backend = await openLocalBackend({ file: join(folder, 'station.db') });
    clock = Date.UTC(2026, 10, 28, 2, 0, 0);
    settings = { enabled: true, idleMinutes: 10, auditRetentionDays: 365 };
    audit = createAuditLog({ store: { read: backend.read.audit, write: backend.write.audit }, desk: () => ({ deskId: 'desk-1', deskName: 'Desk 1' }), logger: { warn: () => undefined }, now: () => clock });
    desk = createOperatorDesk({ store: { read: backend.read.operators, write: backend.write.operators }, audit, settings: () => settings, onChanged: (session) => told.push(session), now: () => clock });
    await desk.add({ name: 'Li Na', role: 'packer', pin: '2468', badge: 'BADGE-LINA-01' });
    await desk.add({ name: 'Wang Fang', role: 'supervisor', pin: '135790' });
    told.length = 0;
  });
  afterEach(async () => {
    await backend.close();
    await rm(folder, { recursive: true, force: true });
  });

  const codeOf = async (pending: Promise<unknown>) => {
    const error = await pending.then(
      () => null,
      (thrown: unknown) => thrown,
    );
    if (!(error instanceof StationFailure)) throw new Error(`expected a refusal, got ${String(error)}`);
    return { code: error.error.code, params: error.error.params };
  };

  it('stores neither the PIN nor the badge: only their hashes', async () => {
    const stored = await backend.read.operators.byName('li na');
    expect(stored).toMatchObject({ name: 'Li Na', role: 'packer', badgeHash: badgeHash('BADGE-LINA-01') });
    expect(JSON.stringify(stored)).not.toContain('2468');
    expect(JSON.stringify(stored)).not.toContain('BADGE-LINA-01');
  });

  it('locks an operator after five wrong PINs in a row, refuses even the right PIN while locked, and lets them in after the lock', async () => {
    for (let wrong = 1; wrong <= 4; wrong += 1) {
      expect(await codeOf(desk.signIn({ name: 'Li Na', pin: '0000' }))).toEqual({ code: 'operators.wrong-pin', params: { name: 'Li Na', attemptsLeft: 5 - wrong } });
    }
    expect(await codeOf(desk.signIn({ name: 'Li Na', pin: '0000' }))).toEqual({ code: 'operators.locked', params: { name: 'Li Na', minutes: 15 } });
    clock += 5 * MINUTE;
    expect(await codeOf(desk.signIn({ name: 'Li Na', pin: '2468' }))).toEqual({ code: 'operators.locked', params: { name: 'Li Na', minutes: 10 } });
    expect((await desk.list()).find((operator) => operator.name === 'Li Na')?.lockedUntil).toBe(clock + 10 * MINUTE);
    clock += 10 * MINUTE + 1;
    expect(await desk.signIn({ name: 'li na', pin: '2468' })).toMatchObject({ operator: { name: 'Li Na' } });
    // A right PIN starts the count again.
    await desk.signOut('manual');
    expect(await codeOf(desk.signIn({ name: 'Li Na', pin: '0000' }))).toMatchObject({ params: { attemptsLeft: 4 } });
    const refused = await audit.search({ actions: ['sign-in'], outcome: 'refused', limit: 100, offset: 0 });
    expect(refused.entries.map((entry) => entry.detail)).toEqual(['operators.wrong-pin', 'operators.locked', 'operators.locked', 'operators.wrong-pin', 'operators.wrong-pin', 'operators.wrong-pin', 'operators.wrong-pin']);
  });

  it('counts a supervisor’s wrong approval PINs towards their own lock', async () => {
    for (let wrong = 1; wrong <= 5; wrong += 1) await codeOf(desk.actor('supervisor', { name: 'Wang Fang', pin: '111111' }));
    expect(await codeOf(desk.actor('supervisor', { name: 'Wang Fang', pin: '135790' }))).toMatchObject({ code: 'operators.locked' });
  });

  it('signs in by badge, tells the window, and signs out after the idle time without a touch', async () => {
    expect(await codeOf(desk.signIn({ badge: 'BADGE-NOBODY' }))).toEqual({ code: 'operators.unknown-badge', params: {} });
    await desk.signIn({ badge: 'badge-lina-01' });
    expect(told.at(-1)).toMatchObject({ operator: { name: 'Li Na', role: 'packer' }, idleMinutes: 10 });
    clock += 9 * MINUTE;
    desk.keepAlive();
    clock += 9 * MINUTE;
    expect(await desk.actor('signed-in')).toMatchObject({ operator: { name: 'Li Na' } });
    clock += 10 * MINUTE + 1;
    expect(await codeOf(desk.actor('signed-in'))).toEqual({ code: 'operators.sign-in-needed', params: {} });
    expect(told.at(-1)).toMatchObject({ operator: null });
    const signOuts = await audit.search({ actions: ['sign-out'], limit: 10, offset: 0 });
    expect(signOuts.entries.map((entry) => [entry.operatorName, entry.detail])).toEqual([['Li Na', 'idle']]);
  });

  it('asks nothing of anyone while operators are off', async () => {
    settings = { ...settings, enabled: false };
    expect(await desk.actor('supervisor')).toEqual({ operator: null, approvedBy: null });
    expect(desk.session()).toMatchObject({ enabled: false, operator: null });
  });

  it('keeps the last supervisor while operators are on, and refuses names and badges taken', async () => {
    const supervisorId = (await desk.list()).find((operator) => operator.role === 'supervisor')?.id as string;
    expect(await codeOf(desk.remove(supervisorId))).toEqual({ code: 'operators.last-supervisor', params: { name: 'Wang Fang' } });
    expect(await codeOf(desk.add({ name: ' wang fang ', role: 'packer', pin: '1111' }))).toMatchObject({ code: 'operators.name-taken' });
    expect(await codeOf(desk.add({ name: 'Zhao Lei', role: 'packer', pin: '1111', badge: 'badge-lina-01' }))).toEqual({ code: 'operators.badge-taken', params: {} });
    settings = { ...settings, enabled: false };
    expect((await desk.remove(supervisorId)).map((operator) => operator.name)).toEqual(['Li Na']);
  });
});
