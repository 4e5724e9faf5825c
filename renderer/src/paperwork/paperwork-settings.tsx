import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Checkbox, Form, Select, Skeleton, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CUSTOM_AREA_FIELDS, SLIP_SIZES, type CustomAreaField, type SlipSize } from '../../../shared/domain/paperwork';
import { labelSizeFor } from '../../../shared/settings/settings-schema';
import { unwrapResult, useStation } from '../bridge/station-context';
import { useSettingsQuery } from '../bridge/station-queries';
import { StationErrorAlert, stationErrorOf } from '../errors/station-error-text';
import './paperwork.css';

/** The slip printer value that stands for the system's default printer (Select values cannot be null). */
const DEFAULT_SLIP_PRINTER = '';

/**
 * Settings → Printing: what the label's custom area shows, with a live preview drawn by main on a
 * sample label and where a custom-area template address comes from; then the printer and paper
 * of packing slips and picking lists. Fields of the Settings form: saved with the rest by Save.
 */
export function PaperworkSettingsPanel() {
  const { t } = useTranslation();
  const station = useStation();
  const settings = useSettingsQuery();
  const form = Form.useFormInstance();
  const print = settings.data?.settings.print;
  const size = print ? labelSizeFor(print, settings.data?.settings.shipFrom.carrierCode ?? '') : '76x130';
  const fields: CustomAreaField[] = Form.useWatch(['paperwork', 'customAreaFields'], { form, preserve: true }) ?? settings.data?.settings.paperwork.customAreaFields ?? [];
  const slipPrinter: string | null = Form.useWatch(['paperwork', 'slipPrinter'], { form, preserve: true }) ?? settings.data?.settings.paperwork.slipPrinter ?? null;
  const preview = useQuery({
    queryKey: ['custom-area-preview', fields, size],
    queryFn: () => unwrapResult(station['paperwork.custom-area-preview']({ fields: CUSTOM_AREA_FIELDS.filter((field) => fields.includes(field)), size })),
    enabled: settings.data !== undefined,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
  const printers = useQuery({ queryKey: ['slip-printers'], queryFn: () => unwrapResult(station['paperwork.slip-printers']({})), staleTime: 60_000 });
  if (!settings.data) return <Skeleton active />;
  const listed = printers.data && !printers.data.error ? printers.data.printers : null;
  const systemDefault = listed?.find((printer) => printer.isDefault)?.name ?? null;
  // "The system's default" only where the system has one: else the desk is asked to choose.
  const noPrinter = slipPrinter === null && listed !== null && systemDefault === null;
  const defaultLabel = systemDefault ? t('paperwork.slips.defaultPrinter', { name: systemDefault }) : listed ? t('paperwork.slips.noDefaultPrinter') : t('paperwork.slips.defaultPrinterUnlisted');

  return (
    <div className="settings__group paperwork-settings" aria-label={t('paperwork.customArea.title')} role="group">
      <Typography.Text strong>{t('paperwork.customArea.title')}</Typography.Text>
      <div className="paperwork-settings__area">
        <div>
          <Form.Item name={['paperwork', 'customAreaFields']} label={t('paperwork.customArea.fieldsLabel')} layout="vertical">
            <Checkbox.Group<CustomAreaField>
              aria-label={t('paperwork.customArea.fieldsLabel')}
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
        <Form.Item
          name={['paperwork', 'slipPrinter']}
          label={t('paperwork.slips.printer')}
          layout="vertical"
          getValueProps={(value: string | null) => ({ value: value ?? DEFAULT_SLIP_PRINTER })}
          normalize={(value: string) => (value === DEFAULT_SLIP_PRINTER ? null : value)}
        >
          <Select
            aria-label={t('paperwork.slips.printer')}
            loading={printers.isPending}
            options={[
              { value: DEFAULT_SLIP_PRINTER, label: defaultLabel },
              ...(printers.data?.printers ?? []).map((printer) => ({ value: printer.name, label: printer.name })),
              ...(slipPrinter && !printers.data?.printers.some((printer) => printer.name === slipPrinter) ? [{ value: slipPrinter, label: slipPrinter }] : []),
            ]}
          />
        </Form.Item>
        <Form.Item name={['paperwork', 'slipSize']} label={t('paperwork.slips.size')} layout="vertical">
          <Select<SlipSize> aria-label={t('paperwork.slips.size')} options={SLIP_SIZES.map((slipSize) => ({ value: slipSize, label: t(`paperwork.slips.sizes.${slipSize}`) }))} />
        </Form.Item>
      </div>
      <label className="paperwork-settings__switch">
        <Form.Item name={['paperwork', 'slipsWithLabels']} valuePropName="checked" noStyle>
          <Switch aria-label={t('paperwork.slips.withLabels')} />
        </Form.Item>
        <span>{t('paperwork.slips.withLabels')}</span>
      </label>
    </div>
  );
}
