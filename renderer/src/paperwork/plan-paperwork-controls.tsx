import { Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { PRINT_ORDERS, type PrintOrder } from '../../../shared/domain/paperwork';
import './paperwork.css';

/** Props of the plan's paperwork controls. */
export interface PlanPaperworkControlsProps {
  printOrder: PrintOrder;
  onPrintOrder: (printOrder: PrintOrder) => void;
  packingSlips: boolean;
  onPackingSlips: (packingSlips: boolean) => void;
}

/**
 * The plan's compact paperwork controls: the order the labels come out in (as selected, by
 * goods, by province: stored with the job) and whether a packing slip follows each label.
 */
export function PlanPaperworkControls({ printOrder, onPrintOrder, packingSlips, onPackingSlips }: PlanPaperworkControlsProps) {
  const { t } = useTranslation();
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
    </div>
  );
}
