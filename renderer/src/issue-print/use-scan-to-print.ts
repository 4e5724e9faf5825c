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
import { useSettingsQuery } from '../bridge/station-queries';
import { useWeighParcel } from '../scale/use-weigh-parcel';

/**
 * Scan-to-print: each scanned order (of the shop it was found in) is planned alone and started at once (no preview). When the
 * plan has nothing to issue (invalid, already issued, held back, a setting missing) the plan is
 * shown instead, so the packer sees why. An order of a held-back status goes only when the packer
 * confirmed it after the scan's alarm. With a scale set, the parcel's weight goes with the issue
 * call (the scale's stable weight, or the one scan-to-verify took); without one nothing is issued.
 */
export function useScanToPrint(): void {
  const { t } = useTranslation();
  const station = useStation();
  const store = useUiStoreApi();
  const { message } = App.useApp();
  const waiting = useUi((state) => state.scanPrintRequests.length);
  const busy = useRef(false);
  const weighParcel = useWeighParcel();
  const settings = useSettingsQuery();
  const [finished, setFinished] = useState(0);
  useEffect(() => {
    if (waiting === 0 || busy.current) return;
    const order = store.getState().takeScanPrintRequest();
    if (order === null) return;
    busy.current = true;
    void (async () => {
      try {
        const key = shopOrderKey(order);
        const confirmedHeldBack = store.getState().confirmedHeldBackScans.includes(key) ? [key] : [];
        // The parcel's weight: taken already (scan-to-verify weighs before it releases), else from the scale now; never issued without it while a scale is set.
        const weighed = store.getState().takeScanWeight(key);
        const weighing = weighed === undefined ? await weighParcel() : { ok: true as const, weightG: weighed };
        if (!weighing.ok) {
          if (weighing.error) void message.error(t(errorTextKey(weighing.error.code), weighing.error.params));
          store.getState().settleScanPrint(order.orderNumber, null, Date.now());
          return;
        }
        const carrierCode = settings.data?.settings.shipFrom.carrierCode ?? null;
        const volumeMl = carrierCode === null ? null : (settings.data?.settings.issueOptions.byCarrier[carrierCode]?.volumeMl ?? null);
        const packageMeasuresByOrder = weighing.weightG === null ? undefined : { [key]: { weightG: weighing.weightG, volumeMl } };
        performance.mark(SCAN_TIMINGS.planAsked);
        const plan = await unwrapResult(
          station['issue.plan']({ orders: [order], merge: false, keepApart: [], confirmedHeldBack, networkInfoMaxAgeMs: SCAN_NETWORK_INFO_MAX_AGE_MS, ...(packageMeasuresByOrder ? { packageMeasuresByOrder } : {}) }),
        );
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
  }, [waiting, finished, station, store, message, t, weighParcel, settings.data]);
}
