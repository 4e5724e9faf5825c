import { CheckCircleFilled, CloseOutlined, WarningFilled } from '@ant-design/icons';
import { Button, Input, InputNumber, Modal, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextKey } from '../../../shared/errors/error-resources';
import { overlayContainer } from '../app/overlay-container';
import { useUi } from '../app/ui-store-context';
import { useSettingsQuery } from '../bridge/station-queries';
import { formatWeight, useScale } from '../scale/use-scale';
import { isComplete, remainingOf, type VerifyLine } from './verification-session';
import type { Verification } from './use-verification';
import './verification-panel.css';

/** A goods line as the packer reads it: its name, and its spec after a dot when it has one. */
const lineName = (line: { goodsName: string; goodsSpec: string }): string => (line.goodsSpec === '' ? line.goodsName : `${line.goodsName} · ${line.goodsSpec}`);

/** "No barcode": goods counted by hand, with the count and a reason (recorded). */
function CountByHand({ line, onCount }: { line: VerifyLine; onCount: (count: number, reason: string) => Promise<void> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [count, setCount] = useState<number | null>(remainingOf(line));
  const [reason, setReason] = useState('');
  if (remainingOf(line) <= 0) return null;
  if (!open) return <Button onClick={() => setOpen(true)}>{t('verification.noBarcode')}</Button>;
  const valid = count !== null && count >= 1 && count <= remainingOf(line) && reason.trim().length >= 2;
  return (
    <Space wrap>
      <InputNumber aria-label={t('verification.handCount')} min={1} max={remainingOf(line)} precision={0} value={count} onChange={setCount} />
      <Input aria-label={t('verification.handReason')} placeholder={t('verification.handReasonPlaceholder')} value={reason} maxLength={200} onChange={(event) => setReason(event.target.value)} style={{ width: 240 }} />
      <Button type="primary" disabled={!valid} onClick={() => void onCount(count ?? 0, reason.trim()).then(() => setOpen(false))}>
        {t('verification.handConfirm')}
      </Button>
      <Button onClick={() => setOpen(false)}>{t('common.cancel')}</Button>
    </Space>
  );
}

/** The weight of the complete parcel: the scale's, large, or one typed; what is wrong when none can be taken. */
function WeighStep({ verification }: { verification: Verification }) {
  const { t } = useTranslation();
  const scale = useScale().data;
  const scaleOn = useSettingsQuery().data?.settings.scale.enabled ?? false;
  const [typed, setTyped] = useState<number | null>(null);
  const problem = verification.weighProblem;
  // Waiting for the scale: the first stable weight releases the parcel by itself.
  useEffect(() => {
    if (problem !== null && problem !== 'declined' && scale?.state === 'stable') void verification.release();
  }, [problem, scale?.state, scale?.grams, verification]);
  return (
    <div className="verify-panel__weigh" aria-label={t('verification.weighLabel')} role="group">
      {scaleOn ? (
        <div className={`verify-panel__weight is-${scale?.state ?? 'off'}`} role="status" aria-label={t('scale.weightLabel')}>
          {scale?.grams === null || scale === undefined ? '—' : formatWeight(scale.grams)}
          <span className="verify-panel__weight-state">{t(`scale.state.${scale?.state ?? 'off'}`)}</span>
        </div>
      ) : null}
      {problem !== null ? (
        <Typography.Text type="danger" className="verify-panel__weigh-problem">
          {problem === 'declined' ? t('verification.weightDeclined') : t(errorTextKey(problem.code), problem.params)}
        </Typography.Text>
      ) : null}
      <Space>
        <InputNumber aria-label={t('verification.typedWeight')} min={1} max={1_000_000} precision={0} suffix="g" value={typed} onChange={setTyped} />
        <Button type="primary" disabled={typed === null} onClick={() => typed !== null && void verification.release(typed)}>
          {t('verification.useTypedWeight')}
        </Button>
      </Space>
    </div>
  );
}

/**
 * Scan-to-verify's panel over the orders table: the order's goods lines in large type, each with
 * the count packed of the count to pack, ticked as items are scanned; the alarm of a wrong item,
 * one too many or an order already verified or printed, in desk words; "no barcode" to count by
 * hand with a reason; and, once every line is complete, the weight and the release to issue and
 * print.
 */
export function VerificationPanel({ verification }: { verification: Verification }) {
  const { t } = useTranslation();
  const session = useUi((state) => state.verifying);
  const alarm = useUi((state) => state.verifyAlarm);
  const close = useUi((state) => state.setVerifying);
  if (session === null) return null;
  const complete = isComplete(session);
  const stage = session.releasedAt !== null ? 'released' : complete ? 'weighing' : 'scanning';
  return (
    <section className={`verify-panel is-${stage}`} aria-label={t('verification.label')}>
      <div className="verify-panel__head">
        <Typography.Title level={3} className="verify-panel__title">
          {t('verification.title', { orderNumber: session.order.orderNumber })}
        </Typography.Title>
        <Typography.Text strong className="verify-panel__stage" role="status">
          {t(`verification.stage.${stage}`)}
        </Typography.Text>
        <Button icon={<CloseOutlined aria-hidden />} onClick={() => close(null)}>
          {t('verification.close')}
        </Button>
      </div>
      {alarm ? (
        <div className="verify-panel__alarm" role="alert">
          <WarningFilled aria-hidden /> {t(`verification.alarm.${alarm.mismatch}`, { barcode: alarm.barcode, goods: alarm.goods ? lineName(alarm.goods) : '' })}
        </div>
      ) : null}
      <ul className="verify-panel__lines" aria-label={t('verification.linesLabel')}>
        {session.lines.map((line) => {
          const done = remainingOf(line) <= 0;
          return (
            <li key={lineName(line)} className={done ? 'is-done' : undefined}>
              <span className="verify-panel__tick">{done ? <CheckCircleFilled aria-label={t('verification.lineDone')} /> : null}</span>
              <span className="verify-panel__goods">{lineName(line)}</span>
              <span className="verify-panel__count" aria-label={t('verification.countLabel')}>
                {line.scanned + line.overridden} / {line.expected}
              </span>
              {line.overridden > 0 ? <span className="verify-panel__by-hand">{t('verification.byHand', { count: line.overridden })}</span> : null}
              {session.releasedAt === null ? <CountByHand line={line} onCount={(count, reason) => verification.countByHand(line, count, reason)} /> : null}
            </li>
          );
        })}
      </ul>
      {stage === 'weighing' ? <WeighStep verification={verification} /> : null}
    </section>
  );
}

/** The question of an unknown barcode: which of the order's goods lines it is (remembered for the shop), or none of them. */
export function BarcodeQuestionDialog({ verification }: { verification: Verification }) {
  const { t } = useTranslation();
  const barcode = useUi((state) => state.barcodeQuestion);
  const session = useUi((state) => state.verifying);
  const dismiss = useUi((state) => state.setBarcodeQuestion);
  if (barcode === null || session === null) return null;
  return (
    <Modal open title={t('verification.question.title', { barcode })} footer={null} onCancel={() => dismiss(null)} getContainer={overlayContainer} width={640}>
      <Typography.Paragraph>{t('verification.question.intro')}</Typography.Paragraph>
      <div className="verify-panel__answers">
        {session.lines.map((line) => (
          <Button key={lineName(line)} size="large" block onClick={() => void verification.answerBarcode(line)}>
            {lineName(line)}
          </Button>
        ))}
        <Button size="large" block danger onClick={() => void verification.answerBarcode(null)}>
          {t('verification.question.none')}
        </Button>
      </div>
    </Modal>
  );
}
