import { WalletOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { branchForecasts, leavesBranchBelow, type BranchForecast } from '../../../shared/domain/balance-forecast';
import { unwrapResult, useStation } from '../bridge/station-context';
import { useNetworkQuery, useSettingsQuery } from '../bridge/station-queries';

/** The threshold Settings holds (0 while the settings load: nothing warns). */
function useWarnBelow(): number {
  return useSettingsQuery().data?.settings.balanceForecast.warnBelowWaybills ?? 0;
}

/** Every branch's forecast: its balance (network info) at the pace of its last seven days. */
export function useBalanceForecasts(): BranchForecast[] {
  const station = useStation();
  const network = useNetworkQuery();
  const usage = useQuery({ queryKey: ['statistics', 'branch-usage'], queryFn: () => unwrapResult(station['statistics.branch-usage']({})), refetchInterval: 60_000 });
  const warnBelow = useWarnBelow();
  return network.data && usage.data ? branchForecasts(network.data.carriers, usage.data, warnBelow) : [];
}

/** How long one branch lasts, in words. */
function useForecastText() {
  const { t } = useTranslation();
  return (forecast: BranchForecast) =>
    forecast.runsOutToday
      ? t('forecast.runsOutToday', { branch: forecast.branchName || forecast.branchCode, balance: forecast.balance })
      : forecast.daysLeft === null
        ? t('forecast.noUse', { branch: forecast.branchName || forecast.branchCode, balance: forecast.balance })
        : t('forecast.lasts', { branch: forecast.branchName || forecast.branchCode, balance: forecast.balance, count: forecast.daysLeft });
}

/** The header's warning: the branches under the threshold (or running out today), each with how long it lasts on hover. */
export function BalanceForecastTag() {
  const { t } = useTranslation();
  const text = useForecastText();
  const warned = useBalanceForecasts().filter((forecast) => forecast.belowThreshold || forecast.runsOutToday);
  if (warned.length === 0) return null;
  return (
    <Tooltip title={warned.map((forecast) => <div key={`${forecast.carrierCode}/${forecast.branchCode}`}>{text(forecast)}</div>)}>
      <Tag color="orange" icon={<WalletOutlined aria-hidden />} data-testid="balance-forecast-warning">
        {/* Short: the header keeps room for the printer's name at 1366; each branch and its days are on hover. */}
        {t('forecast.branchesLow', { count: warned.length })}
      </Tag>
    </Tooltip>
  );
}

/** Before Start: a warning when the plan would leave its branch under the threshold Settings holds. */
export function PlanBalanceWarning({ branch, waybills }: { branch: { code: string; name: string; balance: number | null }; waybills: number }) {
  const { t } = useTranslation();
  const warnBelow = useWarnBelow();
  if (!leavesBranchBelow(branch.balance, waybills, warnBelow)) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="plan-balance-warning"
      title={t('forecast.planLeavesBelow', { branch: branch.name || branch.code, after: Math.max((branch.balance ?? 0) - waybills, 0), threshold: warnBelow })}
    />
  );
}
