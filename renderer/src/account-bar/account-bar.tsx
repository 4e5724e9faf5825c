import { ApiOutlined, KeyOutlined, PrinterOutlined, QuestionCircleOutlined, ShopOutlined } from '@ant-design/icons';
import { Button, Popover, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorRemedyKey, errorTextKey } from '../../../shared/errors/error-resources';
import { formatChinaDateTime } from '../../../shared/time/china-time';
import { firstShopOf, shopDisplayName } from '../../../shared/settings/settings-schema';
import { useUi } from '../app/ui-store-context';
import { useNow } from '../app/use-now';
import {
  useComponentStateQuery,
  useCostsQuery,
  usePrintersQuery,
  useSettingsQuery,
  useStationInfoQuery,
  useSubscriptionQuery,
} from '../bridge/station-queries';
import { stationErrorOf } from '../errors/station-error-text';
import { PrinterStateBadge } from '../printer-state/printer-state-badge';
import { ScaleBadge } from '../scale/scale-badge';
import { BalanceForecastTag } from '../statistics/balance-forecast';
import { componentStatus } from './component-status';
import { subscriptionStatus } from './subscription-status';
import './account-bar.css';

const severityColor = { ok: 'green', warning: 'orange', expired: 'red', unknown: 'default' } as const;

/** The subscription's end date and days left: a warning under 7 days, an error once expired. */
function SubscriptionTag() {
  const { t } = useTranslation();
  const now = useNow();
  const subscription = useSubscriptionQuery();
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
    <Tag color={severityColor[severity]} data-severity={severity} title={t('account.subscriptionEndsOn', { date: end })}>
      {severity === 'expired' ? t('account.subscriptionExpired', { date: end }) : t('account.subscriptionEnds', { date: end, count: daysLeft ?? 0 })}
    </Tag>
  );
}

/** The print component (connected, or down and how to fix it) and the printer labels go to. */
function PrintingStatus() {
  const { t } = useTranslation();
  const state = useComponentStateQuery();
  const status = state.data ? componentStatus(state.data) : null;
  const printers = usePrintersQuery(status?.kind === 'connected');
  if (state.isError) {
    const error = stationErrorOf(state.error);
    return (
      <Tooltip title={t(errorTextKey(error.code), error.params)}>
        <Tag icon={<PrinterOutlined aria-hidden />} color="red" data-component="unknown">
          {t('account.component.unknown')}
        </Tag>
      </Tooltip>
    );
  }
  if (!status || status.kind === 'connecting') return <Tag icon={<PrinterOutlined aria-hidden />}>{t('account.component.connecting')}</Tag>;
  if (status.kind === 'offline') {
    const { error } = status;
    return (
      <>
        <Tag icon={<PrinterOutlined aria-hidden />} color="red" data-component="offline">
          {t('account.component.offline')}
        </Tag>
        <Popover
          title={t(errorTextKey(error.code), error.params)}
          content={<div className="account-bar__remedy">{t(errorRemedyKey(error.code), error.params)}</div>}
          trigger="click"
        >
          <Button size="small" type="link" icon={<QuestionCircleOutlined aria-hidden />}>
            {t('account.component.howToFix')}
          </Button>
        </Popover>
      </>
    );
  }
  const printer = printers.data?.effective ?? null;
  return (
    <>
      {/* Connected: the tag names the printer labels go to (one tag, so the name keeps its room at 1366 px). */}
      <Tag
        icon={<PrinterOutlined aria-hidden />}
        color="green"
        data-component="connected"
        className="account-bar__printer"
        title={t('account.component.connectedTitle', { printer: printer ?? t('account.noPrinter') })}
      >
        {printers.isPending ? '…' : (printer ?? t('account.noPrinter'))}
      </Tag>
    </>
  );
}

/** A stored token that cannot be read: said on the desk, with the way to Settings to enter it again. */
function UnreadableTokenNotice() {
  const { t } = useTranslation();
  const setSettingsOpen = useUi((state) => state.setSettingsOpen);
  return (
    <>
      <Tag color="red" icon={<KeyOutlined aria-hidden />} data-token="unreadable">
        {t('account.tokenUnreadable')}
      </Tag>
      <Button size="small" type="link" onClick={() => setSettingsOpen(true)}>
        {t('account.enterToken')}
      </Button>
    </>
  );
}

/** Always-visible facts about the account: shop, edition, subscription, points today, printing. */
export function AccountBar() {
  const { t } = useTranslation();
  const settings = useSettingsQuery();
  const info = useStationInfoQuery();
  const costs = useCostsQuery();
  const gateway = settings.data?.settings.gateway;

  return (
    <div role="group" aria-label={t('account.label')} className="account-bar">
      {/* The shop by its name (its id on hover): the packer knows shops by name; several shops say how many more. */}
      <Typography.Text strong className="account-bar__item">
        <span title={gateway ? gateway.shops.map((shop) => `${shopDisplayName(shop)} (${shop.shopId})`).join('\n') : undefined}>
          <ShopOutlined aria-hidden /> {t('account.shop')}: {gateway ? shopDisplayName(firstShopOf(gateway)) : '—'}
          {gateway && gateway.shops.length > 1 ? ` +${gateway.shops.length - 1}` : null}
        </span>
      </Typography.Text>
      {gateway ? <Tag color="geekblue">{t(`editions.${gateway.edition}`)}</Tag> : null}
      {info.data?.demoMode ? (
        <Tag color="blue" icon={<ApiOutlined aria-hidden />} title={t('account.demoModeTitle')}>
          {t('account.demoMode')}
        </Tag>
      ) : null}
      {settings.data?.token.unreadable && info.data && !info.data.demoMode ? <UnreadableTokenNotice /> : null}
      <SubscriptionTag />
      <BalanceForecastTag />
      <Typography.Text className="account-bar__item">
        {t('account.pointsToday')}: <strong>{costs.data ? costs.data.today.points : '…'}</strong>
      </Typography.Text>
      {/* Left of the spacer: still in view while the issue drawer covers the bar's right end. */}
      <PrinterStateBadge />
      <ScaleBadge />
      <span className="account-bar__spacer" />
      <PrintingStatus />
    </div>
  );
}
