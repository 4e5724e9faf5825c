import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { shopOrderOfKey } from '../../../shared/domain/shop-order';
import type { OrderViewState } from '../../../shared/domain/issuing';
import { useUiStoreApi } from '../app/ui-store-context';
import { stationQueryKeys } from '../bridge/station-queries';
import { unwrapResult, useStation } from '../bridge/station-context';

/** Orders a job is done with: they have their waybill, so issuing them again would be refused. */
const DONE_STATES: ReadonlySet<OrderViewState> = new Set<OrderViewState>(['issued', 'recovered', 'elsewhere', 'already-issued']);

/**
 * What the desk does when a job ends: the branch balance, the subscription and the points are
 * asked again (the ship-from balance shows what is left, not what was there before the job), and
 * the orders the job is done with leave the selection, so "Issue and print N" then counts only
 * what still needs a waybill (the failed stay selected for another try), and a scan-to-print
 * scan stops saying "issuing and printing" once its job has ended.
 */
export function useJobEndings(): void {
  const station = useStation();
  const client = useQueryClient();
  const store = useUiStoreApi();
  useEffect(() => {
    const ended = new Set<string>();
    return station.on('jobs.changed', (job) => {
      if (job.ending === null || ended.has(job.id)) return;
      ended.add(job.id);
      for (const queryKey of [stationQueryKeys.network, stationQueryKeys.subscription, stationQueryKeys.costs]) void client.invalidateQueries({ queryKey });
      void unwrapResult(station['jobs.orders']({ jobId: job.id }))
        .then((orders) => {
          const state = store.getState();
          // A job names its orders by number (one job, one shop): the selected rows of those numbers leave the selection.
          const done = new Set(orders.filter((order) => DONE_STATES.has(order.state)).map((order) => order.orderNumber));
          state.unselectRows([...state.selection.selected].filter((key) => done.has(shopOrderOfKey(key)?.orderNumber ?? '')));
          for (const order of orders) state.settleScanPrint(order.orderNumber, DONE_STATES.has(order.state) ? order.waybillCode : null, Date.now());
        })
        // Without the job's orders the selection stays as it was: the plan then lists them as already issued.
        .catch(() => undefined);
    });
  }, [station, client, store]);
}
