import { App } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shopOrderKey } from '../../../shared/domain/shop-order';
import { errorTextKey } from '../../../shared/errors/error-resources';
import { useUi, useUiStoreApi } from '../app/ui-store-context';
import { unwrapResult, useStation } from '../bridge/station-context';
import { stationErrorOf } from '../errors/station-error-text';
import { useShops } from '../shops/shop-tag';

/**
 * Scan-to-print: each scanned order is planned alone and started at once (no preview). When the
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
  // A scanned order is of the account's first shop (the orders table lists that shop's): scans wait for the settings.
  const firstShopId = useShops()[0]?.shopId;
  useEffect(() => {
    if (waiting === 0 || busy.current || firstShopId === undefined) return;
    const orderNumber = store.getState().takeScanPrintRequest();
    if (orderNumber === null) return;
    busy.current = true;
    void (async () => {
      try {
        const order = { shopId: firstShopId, orderNumber };
        const confirmedHeldBack = store.getState().confirmedHeldBackScans.includes(orderNumber) ? [shopOrderKey(order)] : [];
        const plan = await unwrapResult(station['issue.plan']({ orders: [order], merge: false, keepApart: [], confirmedHeldBack }));
        if (plan.packages.length === 1 && plan.requestProblems.length === 0 && plan.balanceShort === null) {
          const job = await unwrapResult(station['issue.start']({ jobId: plan.jobId }));
          store.getState().showJob(job.id, true);
        } else store.getState().planOrders([orderNumber]);
      } catch (caught) {
        const error = stationErrorOf(caught);
        void message.error(t(errorTextKey(error.code), error.params));
      } finally {
        busy.current = false;
        // Whatever was scanned meanwhile is taken on the next pass.
        setFinished((count) => count + 1);
      }
    })();
  }, [waiting, finished, firstShopId, station, store, message, t]);
}
