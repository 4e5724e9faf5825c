import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CALIBRATION_LIMIT_MM } from '../../../shared/domain/printing';
import { unwrapResult, useStation } from '../bridge/station-context';
import { StationErrorAlert, stationErrorOf } from '../errors/station-error-text';
import { readOffset } from './calibration-input';

/** The two offsets a printer is calibrated with. */
const AXES = ['horizontal', 'vertical'] as const;
type Axis = (typeof AXES)[number];

/**
 * A printer's offset calibration: its current offsets from the component, two fields checked
 * against ±CALIBRATION_LIMIT_MM with the error under the field, and "Apply" that stores them in
 * the component (at once: it is the printer's setting, not the station's).
 */
export function CalibrationPanel({ printer }: { printer: string }) {
  const { t } = useTranslation();
  const station = useStation();
  const client = useQueryClient();
  const queryKey = ['printer-config', printer];
  const config = useQuery({ queryKey, queryFn: () => unwrapResult(station['printers.get-config']({ printer })) });
  const [typed, setTyped] = useState<Partial<Record<Axis, string>>>({});
  const [checked, setChecked] = useState(false);
  const calibrate = useMutation({
    mutationFn: (offsets: { horizontalOffset: number; verticalOffset: number }) => unwrapResult(station['printers.calibrate']({ printer, ...offsets })),
    onSuccess: (stored) => client.setQueryData(queryKey, stored),
  });

  const current = { horizontal: config.data?.horizontalOffset, vertical: config.data?.verticalOffset };
  const textOf = (axis: Axis) => typed[axis] ?? (current[axis] === undefined ? '' : String(current[axis]));
  const readings = { horizontal: readOffset(textOf('horizontal')), vertical: readOffset(textOf('vertical')) };
  const errorOf = (axis: Axis): string | undefined => {
    const reading = readings[axis];
    if (reading.ok || (!checked && typed[axis] === undefined)) return undefined;
    const field = t(`settings.printing.${axis}`);
    return reading.problem === 'out-of-range' ? t('settings.printing.invalid.offsetRange', { field, limit: CALIBRATION_LIMIT_MM }) : t('settings.printing.invalid.offsetNumber', { field });
  };
  const apply = () => {
    setChecked(true);
    if (readings.horizontal.ok && readings.vertical.ok) calibrate.mutate({ horizontalOffset: readings.horizontal.value, verticalOffset: readings.vertical.value });
  };

  return (
    <div className="settings__tool" role="group" aria-label={t('settings.printing.calibration')}>
      <Typography.Text strong>{t('settings.printing.calibration')}</Typography.Text>
      <Typography.Paragraph type="secondary">{t('settings.printing.calibrationHint', { limit: CALIBRATION_LIMIT_MM })}</Typography.Paragraph>
      {config.data ? (
        <Typography.Paragraph>
          {t('settings.printing.current', { printer, horizontal: config.data.horizontalOffset, vertical: config.data.verticalOffset })}
        </Typography.Paragraph>
      ) : null}
      {config.isError ? <StationErrorAlert error={stationErrorOf(config.error)} compact /> : null}
      <div className="settings__calibration">
        {AXES.map((axis) => (
          <Form.Item key={axis} label={t(`settings.printing.${axis}`)} validateStatus={errorOf(axis) ? 'error' : undefined} help={errorOf(axis)}>
            <Input
              aria-label={t(`settings.printing.${axis}`)}
              inputMode="decimal"
              autoComplete="off"
              value={textOf(axis)}
              disabled={!config.data}
              onChange={(event) => setTyped({ ...typed, [axis]: event.target.value })}
              onPressEnter={apply}
            />
          </Form.Item>
        ))}
        <Button size="large" type="primary" ghost loading={calibrate.isPending} disabled={!config.data} onClick={apply} className="settings__calibrate">
          {t('settings.printing.calibrate')}
        </Button>
      </div>
      <div aria-live="polite">
        {calibrate.data ? (
          <Alert type="success" showIcon title={t('settings.printing.calibrated', { printer, horizontal: calibrate.data.horizontalOffset, vertical: calibrate.data.verticalOffset })} />
        ) : null}
        {calibrate.isError ? <StationErrorAlert error={stationErrorOf(calibrate.error)} /> : null}
      </div>
    </div>
  );
}
