import { afterEach, describe, expect, it } from 'vitest';
import { endpointAtPath } from '../../shared/gateway/endpoints';
import { openIssuingTestStation } from './testing/issuing-test-kit';
import type { IssuingTestStation } from './testing/issuing-test-kit';

let station: IssuingTestStation | null = null;
afterEach(async () => {
  await station?.close();
  station = null;
});

/** What the journal held at the instant an issue call reached the gateway. */
interface JournalAtArrival {
  /** Orders pending, through the journal's own API. */
  pending: string[];
  /** Orders of issue attempts recorded and not yet finished, read from the database. */
  openAttempts: string[];
}

const sorted = (values: Iterable<string>) => [...values].sort();

describe('the attempt is journaled before the issue call leaves', () => {
  it('at the instant each issue call reaches the gateway, the journal already holds its orders pending under an open attempt', async () => {
    const atArrival: JournalAtArrival[] = [];
    station = await openIssuingTestStation({
      // One call at a time: the calls reach the gateway in the order the sandbox lists them.
      tuning: { callsInFlight: 1 },
      onGatewayRequest: (request) => {
        if (endpointAtPath(request.path)?.id !== 'issue' || !station) return;
        // Read from the database file itself, at this instant (the request waits for this callback).
        const openAttempts = station.bench.db
          .prepare(`SELECT a.order_number FROM attempt_orders a JOIN issue_attempts i ON i.id = a.attempt_id WHERE i.kind = 'issue' AND i.finished_at IS NULL`)
          .all() as { order_number: string }[];
        const pending = station.bench.db.prepare("SELECT order_number FROM journal_orders WHERE state = 'pending'").all() as { order_number: string }[];
        atArrival.push({
          pending: sorted(pending.map((row) => row.order_number)),
          openAttempts: sorted(openAttempts.map((row) => row.order_number)),
        });
      },
    });
    const orders = (await station.issuable(25)).map((order) => order.orderNumber);
    const jobId = await station.issueAndPrint(orders);

    expect((await station.engine.summary(jobId))?.issued).toHaveLength(25);
    const carried = station.bench.sandbox
      .calls()
      .filter((call) => call.endpoint === 'issue')
      .map((call) => {
        const body = call.body as { param_waybill_cloud_print_apply_new_request: { trade_order_info_dtos: { order_info: { trade_order_list: string[] } }[] } };
        return sorted(body.param_waybill_cloud_print_apply_new_request.trade_order_info_dtos.flatMap((entry) => entry.order_info.trade_order_list));
      });
    expect(carried.map((orderNumbers) => orderNumbers.length)).toEqual([10, 10, 5]);
    expect(atArrival).toEqual(carried.map((orderNumbers) => ({ pending: orderNumbers, openAttempts: orderNumbers })));
    // Once answered, nothing is left pending.
    expect((await station.backend.read.journal.pendingOrders(station.deskId, Date.now())).length).toBe(0);
  });
});
