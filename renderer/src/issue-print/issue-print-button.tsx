import { HistoryOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUi, useUiStoreApi } from '../app/ui-store-context';
import type { OrderView } from '../orders/order-view';
import { PaperworkActions } from '../paperwork/paperwork-actions';
import { SlipFailureNotices } from '../paperwork/slip-failure-notices';

/** The selected orders in the order the labels come out: as the table shows them, then selected rows the filters hide. */
export function ordersToIssue(selected: ReadonlySet<string>, shown: readonly OrderView[]): string[] {
  const inTable = shown.filter((view) => selected.has(view.key)).map((view) => view.key);
  const seen = new Set(inTable);
  return [...inTable, ...[...selected].filter((key) => !seen.has(key))];
}

/** The desk's primary action, "Issue and print N", and the way into the history. */
export function IssuePrintButton({ shown }: { shown: readonly OrderView[] }) {
  const { t } = useTranslation();
  const selected = useUi((state) => state.selection.selected);
  const store = useUiStoreApi();
  return (
    <Space>
      <Button
        type="primary"
        size="large"
        icon={<PrinterOutlined aria-hidden />}
        disabled={selected.size === 0}
        onClick={() => store.getState().planOrders(ordersToIssue(selected, shown))}
      >
        {t('issuePrint.action', { count: selected.size })}
      </Button>
      <PaperworkActions size="large" selection={{ orderNumbers: ordersToIssue(selected, shown) }} />
      <SlipFailureNotices />
      <Button size="large" icon={<HistoryOutlined aria-hidden />} onClick={() => store.getState().setHistoryOpen(true)}>
        {t('history.open')}
      </Button>
    </Space>
  );
}
