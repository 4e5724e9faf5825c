import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderVerified } from '../../shared/domain/verification';
import type { OperatorSession, OperatorView } from '../../shared/operators/operators';
import { startSharedDesksRig, type SharedDesksRig } from './testing/shared-desks-rig';

/*
 * The account's operators and verified orders, at two desk processes on one PostgreSQL: created at
 * one desk, an operator signs in at the other; wrong PINs counted at a desk that then died lock the
 * operator at the other; a desk frozen (SIGSTOP) while its operator was removed elsewhere refuses
 * that operator's next action when it thaws; an order verified at one desk is verified at the other
 * and, after a kill, at the same desk started again.
 */

const supervisor = { name: 'Wang Fang', pin: '135790' };
const packer = { name: 'Li Na', pin: '2468' };
const picker = { name: 'Zhao Lei', pin: '9753' };

let rig: SharedDesksRig;

beforeAll(async () => {
  rig = await startSharedDesksRig({ deskCount: 2, orders: 10 });
}, 120_000);

afterAll(async () => {
  await rig?.close();
}, 60_000);

const desks = () => {
  const [a, b] = rig.desks;
  if (!a || !b) throw new Error('two desks');
  return { a, b };
};

/** The error code a call was refused with (the desk process answers `<desk> <channel>: <code> <params>`). */
async function refusalCode(call: Promise<unknown>): Promise<string> {
  const error = await call.then(() => new Error('it was allowed'), (failure: unknown) => failure);
  const message = error instanceof Error ? error.message : String(error);
  return /: (\S+) /.exec(message)?.[1] ?? message;
}

describe('operators and verified orders across desk processes (shared mode)', () => {
  it('an operator created at one desk signs in at the other', async () => {
    const { a, b } = desks();
    await a.process.call('operators.add', { ...supervisor, role: 'supervisor' });
    await a.process.call('operators.add', { ...packer, role: 'packer' });
    await a.process.call('operators.add', { ...picker, role: 'packer' });
    // Desk B turns operators on: the supervisor it needs is the account's, created at desk A.
    for (const desk of [a, b]) await desk.process.call('settings.update', { patch: { operators: { enabled: true } } });
    expect((await b.process.call<OperatorView[]>('operators.list')).map((operator) => operator.name)).toEqual(['Li Na', 'Wang Fang', 'Zhao Lei']);
    expect(await b.process.call<OperatorSession>('operators.sign-in', { name: packer.name, pin: packer.pin })).toMatchObject({ operator: { name: 'Li Na', role: 'packer' } });
  }, 60_000);

  it('wrong PINs at a desk that then died count at the other: the lock holds there', async () => {
    const { a, b } = desks();
    for (let tries = 0; tries < 4; tries += 1) expect(await refusalCode(a.process.call('operators.sign-in', { name: picker.name, pin: '0000' }))).toBe('operators.wrong-pin');
    await a.process.kill();
    expect(await refusalCode(b.process.call('operators.sign-in', { name: picker.name, pin: '0000' }))).toBe('operators.locked');
    expect(await refusalCode(b.process.call('operators.sign-in', { name: picker.name, pin: picker.pin }))).toBe('operators.locked');
    await rig.restart(a);
    expect(await refusalCode(a.process.call('operators.sign-in', { name: picker.name, pin: picker.pin }))).toBe('operators.locked');
  }, 120_000);

  it('an operator removed while the desk they are signed in at was frozen is refused there when it thaws', async () => {
    const { a, b } = desks();
    expect((await b.process.call<OperatorSession>('operators.session')).operator).toMatchObject({ name: 'Li Na' });
    const removed = (await a.process.call<OperatorView[]>('operators.list')).find((operator) => operator.name === packer.name);
    b.process.pause();
    try {
      await a.process.call('operators.sign-in', supervisor);
      await a.process.call('operators.remove', { operatorId: removed?.id });
    } finally {
      b.process.resume();
    }
    expect(await refusalCode(b.process.call('jobs.retry', { jobId: 'a-job-of-desk-b' }))).toBe('operators.sign-in-needed');
    expect((await b.process.call<OperatorSession>('operators.session')).operator).toBeNull();
    expect(await refusalCode(b.process.call('operators.sign-in', { name: packer.name, pin: packer.pin }))).toBe('operators.unknown-operator');
  }, 120_000);

  it('an order verified at one desk is verified at the other, and at the same desk after a kill and a restart', async () => {
    const { a, b } = desks();
    await rig.refreshOrders();
    const [row] = (await a.process.call<{ rows: { shopId: string; order: { orderNumber: string } }[] }>('orders.list')).rows;
    if (!row) throw new Error('no order');
    const order = { shopId: row.shopId, orderNumber: row.order.orderNumber };
    expect(await b.process.call<OrderVerified | null>('verification.verified', order)).toBeNull();
    await a.process.call('verification.record', { kind: 'verification.completed', ...order, details: { lines: 1, items: 1, overridden: 0, weightG: null } });
    expect(await b.process.call<OrderVerified | null>('verification.verified', order)).toMatchObject({ deskName: 'Desk A' });
    await a.process.kill();
    await rig.restart(a);
    expect(await a.process.call<OrderVerified | null>('verification.verified', order)).toMatchObject({ deskName: 'Desk A' });
  }, 120_000);
});
