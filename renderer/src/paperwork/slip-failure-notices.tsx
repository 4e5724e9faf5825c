import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorRemedyKey, errorTextKey } from '../../../shared/errors/error-resources';
import { useStation } from '../bridge/station-context';

/**
 * Tells the desk when packing slips that were to follow their labels did not print (the labels
 * did): which orders, why, and that the history reprints them. Renders nothing itself.
 */
export function SlipFailureNotices() {
  const { t } = useTranslation();
  const station = useStation();
  const { notification } = App.useApp();
  useEffect(
    () =>
      station.on('paperwork.slips-failed', ({ error, orderNumbers }) => {
        notification.error({
          title: t('paperwork.slips.failed', { count: orderNumbers.length }),
          description: `${t(errorTextKey(error.code), error.params)} ${t(errorRemedyKey(error.code), error.params)} ${t('paperwork.slips.failedOrders', { orders: orderNumbers.slice(0, 5).join(', ') })}`,
          duration: 0,
        });
      }),
    [station, notification, t],
  );
  return null;
}
