import { CheckCircleFilled, CloseCircleFilled, InfoCircleFilled, PrinterOutlined, ScanOutlined } from '@ant-design/icons';
import { App, Button, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextKey } from '../../../shared/errors/error-resources';
import { shopOrderKey } from '../../../shared/domain/shop-order';
import { formatChinaDateTime } from '../../../shared/time/china-time';
import { useUi } from '../app/ui-store-context';
import { useCostsQuery } from '../bridge/station-queries';
import { stationErrorOf } from '../errors/station-error-text';
import { useReprintLabels } from '../history/use-reprint-labels';
import { useEstimateTotal } from '../issue-print/cost-estimate-text';
import { useOrderStatusText } from '../orders/use-order-status-names';
import { SCAN_MODES, toneOf, type ScanMode } from './scan-resolution';
import { outcomeText } from './scan-outcome-text';
import type { ScanRecord } from './scan-slice';
import './scan-panel.css';

/** How many recent scans the panel lists. */
const LISTED_SCANS = 3;

const toneIcon = { ok: <CheckCircleFilled aria-hidden />, notice: <InfoCircleFilled aria-hidden />, error: <CloseCircleFilled aria-hidden /> } as const;

/** The reprint offer for a scanned waybill or printed order: the history's reprint, with its confirmation for a label already printed. */
function ReprintOffer({ record }: { record: ScanRecord }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const reprintLabels = useReprintLabels();
  const [busy, setBusy] = useState(false);
  const { outcome } = record;
  if (outcome.kind !== 'waybill' && outcome.kind !== 'already-printed') return null;
  const { waybillCode } = outcome;
  if (waybillCode === null) return null;
  const reprint = async () => {
    setBusy(true);
    try {
      await reprintLabels([waybillCode]);
    } catch (caught) {
      const error = stationErrorOf(caught);
      void message.error(t(errorTextKey(error.code), error.params));
    } finally {
      setBusy(false);
    }
  };
  return (
    // The headline names the order and waybill already: the button says what it reprints in its tooltip.
    <Button
      icon={<PrinterOutlined aria-hidden />}
      loading={busy}
      onClick={() => void reprint()}
      title={t('scan.reprintTarget', { orderNumber: outcome.orderNumber, waybillCode })}
      className="scan-panel__offer"
    >
      {t('scan.reprint')}
    </Button>
  );
}

/** The question after a held-back order's alarm: issue (or select) it anyway, or leave it. */
function HeldBackOffer({ record }: { record: ScanRecord }) {
  const { t } = useTranslation();
  const scanToPrint = useUi((state) => state.scanToPrint);
  const selectRows = useUi((state) => state.selectRows);
  const [done, setDone] = useState(false);
  const { outcome } = record;
  if (outcome.kind !== 'held-back') return null;
  const confirm = () => {
    if (outcome.mode === 'print') scanToPrint({ shopId: outcome.shopId, orderNumber: outcome.orderNumber }, true);
    else selectRows([shopOrderKey(outcome)]);
    setDone(true);
  };
  return (
    <div className="scan-panel__held-back">
      <Typography.Text>{t('scan.heldBackQuestion')}</Typography.Text>
      <Button size="small" danger disabled={done} onClick={confirm}>
        {outcome.mode === 'print' ? t('scan.heldBackIssue') : t('scan.heldBackSelect')}
      </Button>
    </div>
  );
}

/**
 * Scanning at the desk: what a scan does (select, or issue & print; F8 switches), the last
 * outcome in large type and colour (green OK, blue notice, red error), wrapped whole, with its
 * offered action (reprint, or issuing a held-back order anyway) inside the box, and the recent scans listed beside it.
 */
export function ScanPanel() {
  const { t } = useTranslation();
  const mode = useUi((state) => state.scanMode);
  const setMode = useUi((state) => state.setScanMode);
  const scans = useUi((state) => state.scans);
  const ignored = useUi((state) => state.ignoredScan);
  const [last] = scans;
  const tone = last ? toneOf(last.outcome) : null;
  const showIgnored = ignored !== null && (!last || ignored.at >= last.at);
  const costs = useCostsQuery();
  const estimateTotal = useEstimateTotal();
  const statusText = useOrderStatusText();

  return (
    <section className="scan-panel" aria-label={t('scan.label')}>
      <div className="scan-panel__head">
        <Typography.Text strong className="desk-section-title">
          <ScanOutlined aria-hidden /> {t('scan.title')}
        </Typography.Text>
        <Segmented<ScanMode>
          aria-label={t('scan.modeLabel')}
          value={mode}
          onChange={setMode}
          options={SCAN_MODES.map((value) => ({ value, label: t(`scan.mode.${value}`) }))}
        />
        <kbd>F8</kbd>
      </div>
      <div className="scan-panel__body">
        <div className={`scan-panel__result is-${tone ?? 'idle'}`} role={tone === 'error' ? 'alert' : 'status'} aria-label={t('scan.resultLabel')}>
          {last && tone ? (
            <>
              <span className="scan-panel__icon">{toneIcon[tone]}</span>
              <div className="scan-panel__text">
                <div className="scan-panel__headline">{outcomeText(t, last.outcome, statusText)}</div>
                {last.hiddenByFilters ? <Typography.Text type="warning">{t('scan.hiddenByFilters')}</Typography.Text> : null}
                {showIgnored ? <span className="scan-panel__ignored">{t('scan.ignoredDouble', { code: ignored.code })}</span> : null}
              </div>
              {last.hiddenByFilters ? null : (
                <>
                  <ReprintOffer record={last} />
                  <HeldBackOffer key={last.id} record={last} />
                </>
              )}
            </>
          ) : (
            <span className="scan-panel__idle">
              {mode === 'print' ? t('scan.waitingPrint', { cost: costs.data ? estimateTotal(costs.data.scanEstimate.points) : '…' }) : t('scan.waiting')}
              {showIgnored ? <span className="scan-panel__ignored">{t('scan.ignoredDouble', { code: ignored.code })}</span> : null}
            </span>
          )}
        </div>
        {scans.length > 0 ? (
          <ul className="scan-panel__recent" aria-label={t('scan.recent')}>
            {scans.slice(0, LISTED_SCANS).map((record) => (
              <li key={record.id} className={`is-${toneOf(record.outcome)}`} title={`${formatChinaDateTime(record.at)} ${record.outcome.code}`}>
                <span className="scan-panel__code">{record.outcome.code}</span> <span className="scan-panel__kind">{t(`scan.short.${record.outcome.kind}`)}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
