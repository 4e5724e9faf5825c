import { useQuery } from '@tanstack/react-query';
import { Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatChinaDateTime } from '../../../shared/time/china-time';
import { unwrapResult, useStation } from '../bridge/station-context';
import { stationErrorOf } from '../errors/station-error-text';
import { errorTextKey } from '../../../shared/errors/error-resources';
import { useNow } from '../app/use-now';
import { subscriptionStatus } from './subscription-status';

const severityColor = { ok: 'green', warning: 'orange', expired: 'red', unknown: 'default' } as const;

/** Always-visible facts about the account: shop, demo mode, subscription end and days left. */
export function AccountBar() {
  const { t } = useTranslation();
  const station = useStation();
  const now = useNow();
  const settings = useQuery({ queryKey: ['settings'], queryFn: () => unwrapResult(station['settings.get']({})) });
  const info = useQuery({ queryKey: ['station-info'], queryFn: () => unwrapResult(station['station.info']({})) });
  const subscription = useQuery({
    queryKey: ['subscription'],
    queryFn: () => unwrapResult(station['subscription.get']({})),
    staleTime: 10 * 60 * 1000,
  });

  const renderSubscription = () => {
    if (subscription.isPending) return <Tag>{t('account.subscriptionLoading')}</Tag>;
    if (subscription.isError) {
      const error = stationErrorOf(subscription.error);
      return (
        <Tooltip title={t(errorTextKey(error.code), error.params)}>
          <Tag color="red">{t('account.subscriptionUnavailable')}</Tag>
        </Tooltip>
      );
    }
    const { daysLeft, severity } = subscriptionStatus(subscription.data.endsAt, now);
    const end = subscription.data.endsAt === null ? '—' : formatChinaDateTime(subscription.data.endsAt).slice(0, 10);
    return (
      <Tag color={severityColor[severity]} data-severity={severity}>
        {severity === 'expired' ? t('account.subscriptionExpired', { date: end }) : t('account.subscriptionEnds', { date: end, count: daysLeft ?? 0 })}
      </Tag>
    );
  };

  return (
    <Space size="middle" wrap aria-label={t('account.label')} role="group" style={{ padding: '8px 24px', background: '#f3f6fa', width: '100%', minHeight: 48 }}>
      <Typography.Text strong>
        {t('account.shop')}: {settings.data?.settings.gateway.shopId ?? '—'}
      </Typography.Text>
      {info.data?.demoMode ? <Tag color="blue">{t('account.demoMode')}</Tag> : null}
      {renderSubscription()}
    </Space>
  );
}
