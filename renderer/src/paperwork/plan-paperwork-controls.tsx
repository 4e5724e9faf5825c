import { UnorderedListOutlined } from '@ant-design/icons';
import { Button, Select, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRINT_ORDERS, type PrintOrder } from '../../../shared/domain/paperwork';
import { PickingListDialog } from './paperwork-actions';
import './paperwork.css';

/** Props of the plan's paperwork controls. */
export interface PlanPaperworkControlsProps {
  printOrder: PrintOrder;
  onPrintOrder: (printOrder: PrintOrder) => void;
  packingSlips: boolean;
  onPackingSlips: (packingSlips: boolean) => void;
  /** The planned job, whose picking list can be printed before issuing; and how many orders it has. */
  jobId: string;
  orders: number;
}

/**
 * The plan's compact paperwork controls: the order the labels come out in (as selected, by
 * goods, by province: stored with the job), whether a packing slip follows each label, and the
 * job's picking list (to pick while the waybills are issued).
 */
export function PlanPaperworkControls({ printOrder, onPrintOrder, packingSlips, onPackingSlips, jobId, orders }: PlanPaperworkControlsProps) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  return (
    <div className="plan-paperwork">
      <span id="plan-print-order">{t('paperwork.plan.printOrder')}</span>
      <Select<PrintOrder>
        size="small"
        aria-labelledby="plan-print-order"
        value={printOrder}
        onChange={onPrintOrder}
        popupMatchSelectWidth={false}
        options={PRINT_ORDERS.map((order) => ({ value: order, label: t(`paperwork.plan.printOrders.${order}`) }))}
      />
      <Switch size="small" checked={packingSlips} onChange={onPackingSlips} aria-label={t('paperwork.plan.slips')} />
      <span>{t('paperwork.plan.slips')}</span>
      <Button size="small" icon={<UnorderedListOutlined aria-hidden />} onClick={() => setPicking(true)}>
        {t('paperwork.actions.pickingList')}
      </Button>
      {picking ? <PickingListDialog selection={{ jobId }} count={orders} onClose={() => setPicking(false)} /> : null}
    </div>
  );
}
