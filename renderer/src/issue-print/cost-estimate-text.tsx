import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CostEstimate } from '../../../shared/issuing/cost-estimate';

/** "about N points": an estimate's total, in the words every estimate of the desk uses. */
export function useEstimateTotal(): (points: number) => string {
  const { t } = useTranslation();
  return (points) => t('issuePrint.estimate.total', { count: points });
}

/**
 * An estimate as the plan shows it: the total, each endpoint's calls at its price, and how sure
 * it is (priced by what the gateway charged, or partly assumed), so the desk knows what to expect.
 */
export function CostEstimateText({ estimate }: { estimate: CostEstimate }) {
  const { t } = useTranslation();
  const total = useEstimateTotal();
  const lines = estimate.lines.filter((line) => line.calls > 0);
  const assumed = lines.filter((line) => line.source === 'assumed').map((line) => t(`issuePrint.estimate.endpoint.${line.endpoint}`));
  return (
    <div className="cost-estimate" data-testid="cost-estimate">
      <Typography.Text strong>{total(estimate.points)}</Typography.Text>
      {lines.map((line) => (
        <div key={line.endpoint}>
          {t('issuePrint.estimate.line', { count: line.calls, endpoint: t(`issuePrint.estimate.endpoint.${line.endpoint}`), price: line.pointsPerCall, points: line.points })}
        </div>
      ))}
      <Typography.Text type={estimate.certainty === 'ledger' ? 'secondary' : 'warning'}>
        {estimate.certainty === 'ledger' ? t('issuePrint.estimate.ledger') : t('issuePrint.estimate.assumed', { endpoints: assumed.join(t('issuePrint.estimate.joiner')) })}
      </Typography.Text>
    </div>
  );
}
