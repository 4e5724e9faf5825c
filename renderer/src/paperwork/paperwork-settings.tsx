import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Checkbox, Form, Select, Skeleton, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CUSTOM_AREA_FIELDS, SLIP_SIZES, type CustomAreaField, type SlipSize } from '../../../shared/domain/paperwork';
import type { StationError } from '../../../shared/errors/station-error';
import { labelSizeFor, type PaperworkSettings } from '../../../shared/settings/settings-schema';
import { unwrapResult, useStation } from '../bridge/station-context';
import { stationQueryKeys, useSettingsQuery } from '../bridge/station-queries';
import { StationErrorAlert, stationErrorOf } from '../errors/station-error-text';
import './paperwork.css';

/** The slip printer value that stands for the system's default printer (Select values cannot be null). */
const DEFAULT_SLIP_PRINTER = '';

/** Saves a change of the paperwork settings at once (like the printer choice) and keeps the shared settings current. */
function useSavePaperwork() {
  const station = useStation();
  const client = useQueryClient();
  const [error, setError] = useState<StationError | null>(null);
  const save = async (patch: Partial<PaperworkSettings>) => {
    setError(null);
    try {
      client.setQueryData(stationQueryKeys.settings, await unwrapResult(station['settings.update']({ patch: { paperwork: patch } })));
    } catch (caught) {
      setError(stationErrorOf(caught));
    }
  };
  return { save, error };
}

/**
 * Settings → Printing: what the label's custom area shows, with a live preview drawn by main on a
 * sample label and where a custom-area template address comes from; then the printer and paper
 * of packing slips and picking lists. Each change is saved at once.
 */
export function PaperworkSettingsPanel() {
  const { t } = useTranslation();
  const station = useStation();
  const settings = useSettingsQuery();
  const { save, error } = useSavePaperwork();
  const paperwork = settings.data?.settings.paperwork;
  const print = settings.data?.settings.print;
  const size = print ? labelSizeFor(print, settings.data?.settings.shipFrom.carrierCode ?? '') : '76x130';
  const fields = paperwork?.customAreaFields ?? [];
  const preview = useQuery({
    queryKey: ['custom-area-preview', fields, size],
    queryFn: () => unwrapResult(station['paperwork.custom-area-preview']({ fields: [...fields], size })),
    enabled: paperwork !== undefined,
    staleTime: Infinity,
  });
  const printers = useQuery({ queryKey: ['slip-printers'], queryFn: () => unwrapResult(station['paperwork.slip-printers']({})), staleTime: 60_000 });
  if (!paperwork) return <Skeleton active />;
  const listed = printers.data && !printers.data.error ? printers.data.printers : null;
  const systemDefault = listed?.find((printer) => printer.isDefault)?.name ?? null;
  // "The system's default" only where the system has one: else the desk is asked to choose.
  const noPrinter = paperwork.slipPrinter === null && listed !== null && systemDefault === null;
  const defaultLabel = systemDefault ? t('paperwork.slips.defaultPrinter', { name: systemDefault }) : listed ? t('paperwork.slips.noDefaultPrinter') : t('paperwork.slips.defaultPrinterUnlisted');
  // Keep the canonical order, so the custom area reads the same on every desk.
  const chooseFields = (chosen: CustomAreaField[]) => void save({ customAreaFields: CUSTOM_AREA_FIELDS.filter((field) => chosen.includes(field)) });

  return (
    <div className="settings__group paperwork-settings" aria-label={t('paperwork.customArea.title')} role="group">
      <Typography.Text strong>{t('paperwork.customArea.title')}</Typography.Text>
      <div className="paperwork-settings__area">
        <div>
          <Form.Item label={t('paperwork.customArea.fieldsLabel')} layout="vertical">
            <Checkbox.Group<CustomAreaField>
              aria-label={t('paperwork.customArea.fieldsLabel')}
              value={fields}
              onChange={chooseFields}
              options={CUSTOM_AREA_FIELDS.map((field) => ({ value: field, label: t(`paperwork.customArea.fields.${field}`) }))}
              className="paperwork-settings__fields"
            />
          </Form.Item>
          <Typography.Paragraph type="secondary">{t('paperwork.customArea.explain')}</Typography.Paragraph>
        </div>
        <figure className="paperwork-settings__preview">
          {preview.data ? (
            <img src={preview.data.image} alt={t('paperwork.customArea.preview')} className="paperwork-settings__image" />
          ) : preview.isError ? (
            <StationErrorAlert compact error={stationErrorOf(preview.error)} />
          ) : (
            <Typography.Text type="secondary">{t('paperwork.customArea.previewLoading')}</Typography.Text>
          )}
          <figcaption>{t('paperwork.customArea.preview')}</figcaption>
        </figure>
      </div>
      <Typography.Text strong>{t('paperwork.slips.title')}</Typography.Text>
      {printers.data?.error ? <Alert type="warning" showIcon title={t('paperwork.slips.printersUnavailable')} description={<StationErrorAlert compact error={printers.data.error} />} /> : null}
      {noPrinter ? <Alert type="warning" showIcon title={t('paperwork.slips.choosePrinter')} /> : null}
      <div className="setup__grid">
        <Form.Item label={t('paperwork.slips.printer')} layout="vertical">
          <Select
            aria-label={t('paperwork.slips.printer')}
            value={paperwork.slipPrinter ?? DEFAULT_SLIP_PRINTER}
            loading={printers.isPending}
            onChange={(printer: string) => void save({ slipPrinter: printer === DEFAULT_SLIP_PRINTER ? null : printer })}
            options={[
              { value: DEFAULT_SLIP_PRINTER, label: defaultLabel },
              ...(printers.data?.printers ?? []).map((printer) => ({ value: printer.name, label: printer.name })),
              ...(paperwork.slipPrinter && !printers.data?.printers.some((printer) => printer.name === paperwork.slipPrinter) ? [{ value: paperwork.slipPrinter, label: paperwork.slipPrinter }] : []),
            ]}
          />
        </Form.Item>
        <Form.Item label={t('paperwork.slips.size')} layout="vertical">
          <Select<SlipSize>
            aria-label={t('paperwork.slips.size')}
            value={paperwork.slipSize}
            onChange={(slipSize) => void save({ slipSize })}
            options={SLIP_SIZES.map((slipSize) => ({ value: slipSize, label: t(`paperwork.slips.sizes.${slipSize}`) }))}
          />
        </Form.Item>
      </div>
      <label className="paperwork-settings__switch">
        <Switch checked={paperwork.slipsWithLabels} onChange={(slipsWithLabels) => void save({ slipsWithLabels })} aria-label={t('paperwork.slips.withLabels')} />
        <span>{t('paperwork.slips.withLabels')}</span>
      </label>
      {error ? <StationErrorAlert error={error} /> : null}
    </div>
  );
}
