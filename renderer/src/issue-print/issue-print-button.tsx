import { PrinterOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNetworkQuery, useSettingsQuery } from '../bridge/station-queries';
import { useUi, useUiStoreApi } from '../app/ui-store-context';
import type { OrderView } from '../orders/order-view';
import { matchShipFrom } from '../ship-from/ship-from-choice';
import { SHIP_FROM_CARRIER_ID } from '../ship-from/ship-from-panel';
import { blockerFixedIn, issueBlocker } from './issue-readiness';
import { PaperworkActions } from '../paperwork/paperwork-actions';
import { SlipFailureNotices } from '../paperwork/slip-failure-notices';

/**
 * The desk's primary action, "Issue and print N". While something is missing it says what (no
 * order selected, no branch chosen, no sender…) and a press takes the packer to the control that
 * fixes it (the ship-from pickers, or Settings), so issuing never starts into a wall of errors.
 */
export function IssuePrintButton({ shown }: { shown: readonly OrderView[] }) {
  const { t } = useTranslation();
  const selected = useUi((state) => state.selection.selected);
  const store = useUiStoreApi();
  // The selected orders in the order the labels come out: as the table shows them, then those the filters hide.
  const chosen = () => store.getState().selectedOrders(shown.map((view) => view.key));
  const settings = useSettingsQuery();
  const network = useNetworkQuery();
  const choice = network.data && settings.data ? matchShipFrom(network.data, settings.data.settings.shipFrom) : null;
  const blocker = settings.data ? issueBlocker(selected.size, choice, settings.data.settings) : 'orders';

  const press = () => {
    if (blocker === null) store.getState().planOrders(chosen());
    else if (blockerFixedIn(blocker) === 'settings') store.getState().setSettingsOpen(true);
    else document.getElementById(SHIP_FROM_CARRIER_ID)?.focus();
  };
  return (
    <div className="desk-issue">
      <Button
        type="primary"
        size="large"
        icon={<PrinterOutlined aria-hidden />}
        disabled={blocker === 'orders'}
        onClick={press}
        className={`desk-issue__button${blocker === null ? '' : ' is-blocked'}`}
      >
        {blocker === null ? t('issuePrint.action', { count: selected.size }) : t(`issuePrint.blocked.${blocker}`)}
      </Button>
      {/* Side by side and small: the issue button stays the packer's biggest target. */}
      <div className="desk-issue__paperwork">
        <PaperworkActions size="small" selection={{ orderNumbers: chosen().map((order) => order.orderNumber) }} />
      </div>
      <SlipFailureNotices />
    </div>
  );
}
