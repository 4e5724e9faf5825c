import { CheckCircleFilled, CloseCircleFilled, InfoCircleFilled, PrinterOutlined, ScanOutlined } from '@ant-design/icons';
import { App, Button, Input, Segmented, Typography } from 'antd';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextKey } from '../../../shared/errors/error-resources';
import { shopOrderKey } from '../../../shared/domain/shop-order';
import { formatChinaDateTime } from '../../../shared/time/china-time';
import { useUi } from '../app/ui-store-context';
import { useNow } from '../app/use-now';
import { useCostsQuery } from '../bridge/station-queries';
import { stationErrorOf } from '../errors/station-error-text';
import { useReprintLabels } from '../history/use-reprint-labels';
import { useEstimateTotal } from '../issue-print/cost-estimate-text';
import { useOrderStatusText } from '../orders/use-order-status-names';
import { scanModes, toneOf, type ScanMode } from './scan-resolution';
import { useSettingsQuery } from '../bridge/station-queries';
import { outcomeParts } from './scan-outcome-text';
import { isScanResultCurrent, isShownAt } from './scan-result-age';
import type { ScanRecord } from './scan-slice';
import './scan-panel.css';

/** How many recent scans the panel lists. */
const LISTED_SCANS = 3;

/** The element id of the scan box (typed numbers). */
export const SCAN_INPUT_ID = 'scan-input';

/** How often the panel looks whether its result is out of date. */
const AGE_CHECK_MS = 5_000;

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
  const startVerifyingAnyway = useUi((state) => state.verifyHeldBack);
  const [done, setDone] = useState(false);
  const { outcome } = record;
  if (outcome.kind !== 'held-back') return null;
  const confirm = () => {
    if (outcome.mode === 'print') scanToPrint({ shopId: outcome.shopId, orderNumber: outcome.orderNumber }, true);
    else if (outcome.mode === 'verify') startVerifyingAnyway(outcome);
    else selectRows([shopOrderKey(outcome)]);
    setDone(true);
  };
  return (
    <div className="scan-panel__held-back">
      <Typography.Text>{t('scan.heldBackQuestion')}</Typography.Text>
      <Button size="small" danger disabled={done} onClick={confirm}>
        {t(outcome.mode === 'print' ? 'scan.heldBackIssue' : outcome.mode === 'verify' ? 'scan.heldBackVerify' : 'scan.heldBackSelect')}
      </Button>
    </div>
  );
}

/** The sentence of an outcome, its order and waybill numbers whole (a line breaks between words, never inside a number). */
function OutcomeHeadline({ record, statusText }: { record: ScanRecord; statusText: (shopId: string, status: number) => string }) {
  const { t } = useTranslation();
  return (
    <div className="scan-panel__headline">
      {outcomeParts(t, record.outcome, statusText).map((part, index) =>
        part.number ? (
          <span key={index} className="scan-panel__number">
            {part.text}
          </span>
        ) : (
          part.text
        ),
      )}
    </div>
  );
}

/**
 * The scan box: an order or waybill number typed by hand (or scanned into it), read on Enter with
 * the same lookups and alarms as a scan anywhere else; it empties itself for the next one.
 */
function ScanBox({ onSubmit }: { onSubmit: (text: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // The Enter that ends an input method's composition commits it; the next one submits.
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    onSubmit(text);
    setText('');
  };
  return (
    <Input
      id={SCAN_INPUT_ID}
      className="scan-panel__input"
      aria-label={t('scan.inputLabel')}
      placeholder={t('scan.inputPlaceholder')}
      autoComplete="off"
      spellCheck={false}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={onKeyDown}
    />
  );
}

/** Props of the scan panel. */
export interface ScanPanelProps {
  /** Reads what was entered in the scan box (`useScanHandling`'s `submitTyped`). */
  onTyped: (text: string) => void;
}

/**
 * Scanning at the desk: what a scan does (select, or issue & print; F8 switches), the scan box for
 * typed numbers, the last outcome in large type and colour (green OK, blue notice, red error),
 * wrapped between words, with its offered action (reprint, or issuing a held-back order anyway)
 * inside the box until it is out of date, and the recent scans listed beside it.
 */
export function ScanPanel({ onTyped }: ScanPanelProps) {
  const { t } = useTranslation();
  const mode = useUi((state) => state.scanMode);
  const setMode = useUi((state) => state.setScanMode);
  const scans = useUi((state) => state.scans);
  const ignored = useUi((state) => state.ignoredScan);
  const now = useNow(AGE_CHECK_MS);
  const [latest] = scans;
  // An outcome out of date leaves the box (the recent scans keep it); so does an old double scan's note.
  const last = latest && isScanResultCurrent(latest, now) ? latest : undefined;
  const tone = last ? toneOf(last.outcome) : null;
  const showIgnored = ignored !== null && (!last || ignored.at >= last.at) && isShownAt(ignored.at, now);
  const costs = useCostsQuery();
  const estimateTotal = useEstimateTotal();
  const statusText = useOrderStatusText();
  const verifyOn = useSettingsQuery().data?.settings.verification.enabled ?? false;

  return (
    <section className="scan-panel" aria-label={t('scan.label')}>
      <div className="scan-panel__head">
        <Typography.Text strong className="desk-section-title">
          <ScanOutlined aria-hidden /> {t('scan.title')}
        </Typography.Text>
        <Segmented<ScanMode>
          size="small"
          aria-label={t('scan.modeLabel')}
          value={mode}
          onChange={setMode}
          options={scanModes(verifyOn).map((value) => ({ value, label: t(`scan.mode.${value}`) }))}
        />
        <kbd>F8</kbd>
        <ScanBox onSubmit={onTyped} />
      </div>
      <div className="scan-panel__body">
        <div className={`scan-panel__result is-${tone ?? 'idle'}`} role={tone === 'error' ? 'alert' : 'status'} aria-label={t('scan.resultLabel')}>
          {last && tone ? (
            <>
              <span className="scan-panel__icon">{toneIcon[tone]}</span>
              <div className="scan-panel__text">
                <OutcomeHeadline record={last} statusText={statusText} />
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
              {mode === 'print' ? t('scan.waitingPrint', { cost: costs.data ? estimateTotal(costs.data.scanEstimate.points) : '…' }) : mode === 'verify' ? t('scan.waitingVerify') : t('scan.waiting')}
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
