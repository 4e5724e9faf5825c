import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAuditLog } from '../audit/audit-log';
import { toStationError } from '../ipc/to-station-error';
import { createOperatorDesk, type OperatorDesk } from '../operators/operator-desk';
import { openLocalBackend } from '../store/local/open-local-backend';
import type { StationBackend } from '../store/station-backend';
import type { SharedConnectionSettings } from '../store/postgres/open-shared-database';
import { startPostgresTestServer, type PostgresTestServer } from '../store/postgres/testing/postgres-test-server';
import type { SharedStation } from './shared-station';
import { openTestLink } from './testing/shared-test-link';
import { withSharedOperators } from './with-shared-operators';

const gateway = { baseUrl: 'https://gw.example', shopId: 'shop-1' };
const schema = 'waybill_station';
const supervisor = { name: 'Wang Fang', pin: '135790' };
const packer = { name: 'Li Na', pin: '2468', badge: 'BADGE-LINA-01' };

let server: PostgresTestServer;
let folder: string;
let connection: SharedConnectionSettings;
const closing: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  server = await startPostgresTestServer();
});
afterAll(() => server.dispose());
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'shared-operators-'));
  connection = await server.freshDatabase();
});
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
  await rm(folder, { recursive: true, force: true });
});

interface TestDesk {
  operators: OperatorDesk;
  backend: StationBackend;
  link: SharedStation;
}

/** The desk's own backend, opened alone (a desk before it joins shared mode). */
async function localDesk(deskId: string): Promise<{ backend: StationBackend; operators: OperatorDesk }> {
  const backend = await openLocalBackend({ file: join(folder, `${deskId}.db`) });
  return { backend, operators: operatorDeskOver(backend, deskId) };
}

function operatorDeskOver(backend: StationBackend, deskId: string): OperatorDesk {
  const audit = createAuditLog({ store: { read: backend.read.audit, write: backend.write.audit }, desk: () => ({ deskId, deskName: deskId }), logger: { warn: () => undefined } });
  return createOperatorDesk({ store: { read: backend.read.operators, write: backend.write.operators }, audit, settings: () => ({ enabled: true, idleMinutes: 30, auditRetentionDays: 180 }), onChanged: () => undefined });
}

/** A desk in shared mode on the test database: its local store under the account's operators. */
async function sharedDesk(deskId: string, reach: SharedConnectionSettings = connection): Promise<TestDesk> {
  const link = await openTestLink({ connection: reach, deskId, gateway, folder, awaitConnected: reach === connection });
  const backend = withSharedOperators(await openLocalBackend({ file: join(folder, `${deskId}.db`) }), link);
  closing.push(() => link.close(), () => backend.close());
  return { operators: operatorDeskOver(backend, deskId), backend, link };
}

const refusal = async (work: Promise<unknown>) => toStationError(await work.then(() => new Error('it was allowed'), (error: unknown) => error));

describe('operators shared across desks (shared mode, real PostgreSQL)', () => {
  it('an operator created at one desk signs in at the other, by PIN and by badge, and is listed at both', async () => {
    const one = await sharedDesk('desk-1');
    const two = await sharedDesk('desk-2');
    await one.operators.add({ name: supervisor.name, role: 'supervisor', pin: supervisor.pin });
    await one.operators.add({ name: packer.name, role: 'packer', pin: packer.pin, badge: packer.badge });
    expect((await two.operators.list()).map((operator) => [operator.name, operator.role, operator.hasBadge])).toEqual([
      ['Li Na', 'packer', true],
      ['Wang Fang', 'supervisor', false],
    ]);
    expect(await two.operators.signIn({ name: 'li na', pin: packer.pin })).toMatchObject({ operator: { name: 'Li Na', role: 'packer' } });
    expect(await one.operators.signIn({ badge: packer.badge.toLowerCase() })).toMatchObject({ operator: { name: 'Li Na' } });
    // One name across the account, whatever the letter case, and one badge.
    expect(await refusal(two.operators.add({ name: 'LI NA', role: 'packer', pin: '1111' }))).toMatchObject({ code: 'operators.name-taken' });
    expect(await refusal(two.operators.add({ name: 'Zhao Lei', role: 'packer', pin: '1111', badge: ` ${packer.badge} ` }))).toMatchObject({ code: 'operators.badge-taken' });
    // The supervisor's PIN approves at the desk where the supervisor was not created.
    expect(await two.operators.actor('supervisor', supervisor)).toMatchObject({ operator: { name: 'Li Na' }, approvedBy: 'Wang Fang' });
  });

  it('five wrong PINs at two desks lock the operator at every desk; a right PIN after the lock is refused everywhere', async () => {
    const one = await sharedDesk('desk-1');
    const two = await sharedDesk('desk-2');
    await one.operators.add({ name: packer.name, role: 'packer', pin: packer.pin });
    for (const desk of [one, two, one, two]) expect(await refusal(desk.operators.signIn({ name: packer.name, pin: '0000' }))).toMatchObject({ code: 'operators.wrong-pin' });
    expect(await refusal(one.operators.signIn({ name: packer.name, pin: '0000' }))).toMatchObject({ code: 'operators.locked', params: { name: 'Li Na', minutes: 15 } });
    expect(await refusal(two.operators.signIn({ name: packer.name, pin: packer.pin }))).toMatchObject({ code: 'operators.locked' });
    expect((await two.operators.list())[0]?.lockedUntil).toBeGreaterThan(Date.now());
  });

  it('five wrong PINs tried at two desks at the same moment are five: each counted once, the fifth locks', async () => {
    const one = await sharedDesk('desk-1');
    const two = await sharedDesk('desk-2');
    await one.operators.add({ name: packer.name, role: 'packer', pin: packer.pin });
    const refusals = await Promise.all([one, two, one, two, one].map((desk) => refusal(desk.operators.signIn({ name: packer.name, pin: '0000' }))));
    expect(refusals.map((error) => (error.code === 'operators.wrong-pin' ? error.params.attemptsLeft : error.code)).sort()).toEqual([1, 2, 3, 4, 'operators.locked']);
    expect(await refusal(two.operators.signIn({ name: packer.name, pin: packer.pin }))).toMatchObject({ code: 'operators.locked' });
  });

  it('an operator removed at one desk is removed everywhere: signed in at the other, their next action is refused', async () => {
    const one = await sharedDesk('desk-1');
    const two = await sharedDesk('desk-2');
    await one.operators.add({ name: supervisor.name, role: 'supervisor', pin: supervisor.pin });
    const [added] = (await one.operators.add({ name: packer.name, role: 'packer', pin: packer.pin })).filter((operator) => operator.name === packer.name);
    await two.operators.signIn({ name: packer.name, pin: packer.pin });
    expect(await two.operators.actor('signed-in')).toMatchObject({ operator: { name: 'Li Na' } });
    await one.operators.remove(added?.id ?? '');
    expect(await refusal(two.operators.actor('signed-in'))).toMatchObject({ code: 'operators.sign-in-needed' });
    expect(two.operators.session().operator).toBeNull();
    expect(await refusal(two.operators.signIn({ name: packer.name, pin: packer.pin }))).toMatchObject({ code: 'operators.unknown-operator' });
  });

  it('copies a desk’s own operators into the account once when it joins, keeps a clashing one at the desk, and never brings a removed one back', async () => {
    // Desk 2 worked alone first, with its own operators; the account has a Li Na already.
    const alone = await localDesk('desk-2');
    await alone.operators.add({ name: 'Zhao Lei', role: 'supervisor', pin: '9753' });
    await alone.operators.add({ name: 'LI NA', role: 'packer', pin: '8642' });
    await alone.backend.close();
    const one = await sharedDesk('desk-1');
    await one.operators.add({ name: supervisor.name, role: 'supervisor', pin: supervisor.pin });
    await one.operators.add({ name: packer.name, role: 'packer', pin: packer.pin });

    const two = await sharedDesk('desk-2');
    expect((await two.operators.list()).map((operator) => operator.name)).toEqual(['Li Na', 'Wang Fang', 'Zhao Lei']);
    expect(await one.operators.signIn({ name: 'Zhao Lei', pin: '9753' })).toMatchObject({ operator: { name: 'Zhao Lei', role: 'supervisor' } });
    // The account's Li Na stands; the desk's own is kept apart, in its local store, for when it works alone again.
    expect(await refusal(two.operators.signIn({ name: 'Li Na', pin: '8642' }))).toMatchObject({ code: 'operators.wrong-pin' });
    const { rows } = await two.link.access.pool.query<{ desk_id: string; copied: number; kept_apart: string[] }>(`SELECT desk_id, copied, kept_apart FROM ${schema}.shared_operator_copies`);
    expect(rows).toEqual([
      { desk_id: 'desk-1', copied: 0, kept_apart: [] },
      { desk_id: 'desk-2', copied: 1, kept_apart: ['LI NA'] },
    ]);
    // Settings → Operators at desk 2 names the one kept apart until a supervisor dismisses the notice; desk 1 has nothing to say.
    expect(await two.operators.keptApart()).toEqual(['LI NA']);
    expect(await one.operators.keptApart()).toEqual([]);
    expect(await two.operators.dismissKeptApart()).toEqual([]);
    expect(await two.operators.keptApart()).toEqual([]);

    // Removed from the account, Zhao Lei stays removed when desk 2 starts again (its own list still has him).
    const zhao = (await one.operators.list()).find((operator) => operator.name === 'Zhao Lei');
    await one.operators.signOut('manual');
    await one.operators.remove(zhao?.id ?? '');
    for (const close of closing.splice(0).reverse()) await close();
    const again = await sharedDesk('desk-2');
    expect((await again.operators.list()).map((operator) => operator.name)).toEqual(['Li Na', 'Wang Fang']);
    // Dismissed, it stays dismissed after a restart; a desk alone never has such a notice.
    expect(await again.operators.keptApart()).toEqual([]);
    for (const close of closing.splice(0).reverse()) await close();
    const own = await localDesk('desk-2');
    expect((await own.operators.list()).map((operator) => operator.name)).toEqual(['LI NA', 'Zhao Lei']);
    expect(await own.operators.keptApart()).toEqual([]);
    await own.backend.close();
  });

  it('refuses operators with the server away, and never writes a PIN or its hash to the log', async () => {
    const one = await sharedDesk('desk-1');
    await one.operators.add({ name: supervisor.name, role: 'supervisor', pin: supervisor.pin });
    expect(await refusal(one.operators.signIn({ name: supervisor.name, pin: '000000' }))).toMatchObject({ code: 'operators.wrong-pin' });
    const { rows } = await one.link.access.pool.query<{ pin_hash: string }>(`SELECT pin_hash FROM ${schema}.shared_operators`);
    const hash = rows[0]?.pin_hash ?? '';
    expect(hash).toMatch(/^scrypt\$/);
    // A desk whose server cannot be reached: nothing is answered from its own list.
    const away = await sharedDesk('desk-2', { ...connection, port: 1 });
    expect(await refusal(away.operators.signIn({ name: supervisor.name, pin: supervisor.pin }))).toMatchObject({ code: 'shared-mode.unreachable' });
    expect(await refusal(away.operators.list())).toMatchObject({ code: 'shared-mode.unreachable' });
    const text = await logsOf('desk-1');
    expect(text).toContain('shared database link');
    expect(text).not.toContain(supervisor.pin);
    expect(text).not.toContain(hash.split('$')[5]);
  });
});

async function logsOf(...deskIds: string[]): Promise<string> {
  const texts = await Promise.all(
    deskIds.map(async (deskId) => {
      const logs = join(folder, `logs-${deskId}`);
      return (await Promise.all((await readdir(logs)).map((file) => readFile(join(logs, file), 'utf8')))).join('\n');
    }),
  );
  return texts.join('\n');
}
