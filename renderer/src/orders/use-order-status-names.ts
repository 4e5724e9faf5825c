import { useTranslation } from 'react-i18next';
import type { StationError } from '../../../shared/errors/station-error';
import { orderStatusName, orderStatusNamesAcross, type OrderStatusNames } from '../../../shared/settings/order-status-names';
import { useSettingsQuery } from '../bridge/station-queries';

const noNames: OrderStatusNames = {};

/** The names the desk gave each shop's order statuses (Settings → Issue defaults); none until the settings are read. */
function useNames(): OrderStatusNames {
  return useSettingsQuery().data?.settings.issueOptions.orderStatusNamesByShop ?? noNames;
}

/** An order status in words: "已退款（3）" where the shop named it, else the number. */
export function useOrderStatusText(): (shopId: string, status: number) => string {
  const { t } = useTranslation();
  const names = useNames();
  return (shopId, status) => {
    const name = orderStatusName(names, shopId, status);
    return name === null ? String(status) : t('orderStatus.named', { name, status });
  };
}

/** The names the loaded shops gave an order status, for the filter that counts them together ("已退款 / 退款中"); null when none named it. */
export function useOrderStatusNameAcross(shopIds: readonly string[]): (status: number) => string | null {
  const names = useNames();
  return (status) => {
    const named = orderStatusNamesAcross(names, shopIds, status);
    return named.length === 0 ? null : named.join(' / ');
  };
}

/** The held-back error of an order with its status in words (the engine sends the number). */
export function useHeldBackErrorText(): (shopId: string, error: StationError) => StationError {
  const statusText = useOrderStatusText();
  return (shopId, error) => {
    const status = Number(error.params.status);
    return Number.isInteger(status) && error.params.status !== '' ? { ...error, params: { ...error.params, status: statusText(shopId, status) } } : error;
  };
}
