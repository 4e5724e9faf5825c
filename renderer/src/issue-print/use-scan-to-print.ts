import { App } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shopOrderKey } from '../../../shared/domain/shop-order';
import { errorTextKey } from '../../../shared/errors/error-resources';
import { SCAN_NETWORK_INFO_MAX_AGE_MS } from '../../../shared/issuing/cost-estimate';
import { useUi, useUiStoreApi } from '../app/ui-store-context';
import { unwrapResult, useStation } from '../bridge/station-context';
import { stationErrorOf } from '../errors/station-error-text';
import { SCAN_TIMINGS } from '../scanning/scan-timings';

/**
 * Scan-to-print: each scanned order (of the shop it was found in) is planned alone and started at once (no preview). When the
 * plan has nothing to issue (invalid, already issued, held back, a setting missing) the plan is
 * shown instead, so the packer sees why. An order of a held-back status goes only when the packer
 * confirmed it after the scan's alarm.
 */
export function useScanToPrint(): void {
  const { t } = useTranslation();
  const station = useStation();
  const store = useUiStoreApi();
  const { message } = App.useApp();
  const waiting = useUi((state) => state.scanPrintRequests.length);
  const busy = useRef(false);
  const [finished, setFinished] = useState(0);
  useEffect(() => {
    if (waiting === 0 || busy.current) return;
    const order = store.getState().takeScanPrintRequest();
    if (order === null) return;
    busy.current = true;
    void (async () => {
      try {
        const confirmedHeldBack = store.getState().confirmedHeldBackScans.includes(shopOrderKey(order)) ? [shopOrderKey(order)] : [];
        performance.mark(SCAN_TIMINGS.planAsked);
        const plan = await unwrapResult(station['issue.plan']({ orders: [order], merge: false, keepApart: [], confirmedHeldBack, networkInfoMaxAgeMs: SCAN_NETWORK_INFO_MAX_AGE_MS }));
        if (plan.packages.length === 1 && plan.requestProblems.length === 0 && plan.balanceShort === null) {
          const job = await unwrapResult(station['issue.start']({ jobId: plan.jobId }));
          performance.mark(SCAN_TIMINGS.started);
          store.getState().showJob(job.id, true);
        } else store.getState().planOrders([order]);
      } catch (caught) {
        const error = stationErrorOf(caught);
        void message.error(t(errorTextKey(error.code), error.params));
      } finally {
        busy.current = false;
        // Whatever was scanned meanwhile is taken on the next pass.
        setFinished((count) => count + 1);
      }
    })();
  }, [waiting, finished, station, store, message, t]);
}
