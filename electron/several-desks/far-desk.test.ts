import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanOutcome, plannedOrders, sharedDesksOutcome } from './testing/shared-desks-outcome';
import { startSharedDesksRig, type SharedDesksRig } from './testing/shared-desks-rig';
import { startTcpDelayProxy, type TcpDelayProxy } from './testing/tcp-delay-proxy';

/** Each way between the far desk and PostgreSQL: a 200 ms round trip, a desk at another site. */
const FAR_DELAY_MS = 100;
/** Orders each desk issues (its own: the desks never meet on an order). */
const ORDERS_EACH = 400;
/** The account's 10 calls/s at 10 orders a call is 100 orders/s; two desks together keep at least this. */
const MIN_ORDERS_PER_SECOND = 90;

let rig: SharedDesksRig;
let proxy: TcpDelayProxy;

beforeAll(async () => {
  // A gateway without latency: the only distance is the far desk's to PostgreSQL.
  rig = await startSharedDesksRig({ deskCount: 1, orders: 2 * ORDERS_EACH + 50 });
  proxy = await startTcpDelayProxy({ targetPort: rig.server.port, delayMs: FAR_DELAY_MS });
  await rig.addDesk({ deskName: 'Desk B (far)', databasePort: proxy.port });
}, 120_000);

afterAll(async () => {
  await rig?.close();
  await proxy?.close();
}, 60_000);

describe('a far desk (200 ms round trip to PostgreSQL) beside a near one, each issuing its own orders', () => {
  it('keeps the account under 10 calls/s in the sandbox’s strict window, yet issues and prints at least 90 orders/s together', async () => {
    const orderNumbers = await rig.refreshOrders();
    const { plans, jobs } = await rig.issueTogether([orderNumbers.slice(0, ORDERS_EACH), orderNumbers.slice(ORDERS_EACH, 2 * ORDERS_EACH)]);
    await Promise.all(jobs.map((job, index) => rig.desks[index]?.process.jobEnded(job.id, 120_000)));

    const planned = plannedOrders(plans);
    const { outcome, details } = await sharedDesksOutcome(rig, planned);
    // From outside the desks: the first issue call the sandbox received to the last label printed.
    const issueCalls = (await rig.sandbox.calls()).filter((call) => call.endpoint === 'issue');
    const firstCallAt = Math.min(...issueCalls.map((call) => call.at));
    const seconds = (rig.lastPrintedAt() - firstCallAt) / 1_000;
    const ordersPerSecond = Math.round((planned.size / seconds) * 10) / 10;

    // Soft: a failure reports both the counts and the rate.
    expect.soft(outcome, JSON.stringify({ ...details, ordersPerSecond: [String(ordersPerSecond)] })).toEqual(cleanOutcome);
    expect.soft(ordersPerSecond, `${planned.size} orders in ${seconds.toFixed(1)} s (${issueCalls.length} issue calls)`).toBeGreaterThanOrEqual(MIN_ORDERS_PER_SECOND);
  }, 240_000);
});
