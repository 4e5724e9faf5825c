import { Alert, Form, Select, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { isPrinterDisabled, offlineComponentError } from '../../../shared/domain/printing';
import { useComponentStateQuery, usePrintersQuery } from '../bridge/station-queries';
import { StationErrorAlert, stationErrorOf } from '../errors/station-error-text';
import { CalibrationPanel } from './calibration-panel';
import { DEFAULT_PRINTER } from './settings-form';
import { TestPrintPanel } from './test-print-panel';

/** Props of the printer choice. */
export interface PrinterChoiceProps {
  /** The printer the form holds (a name, or DEFAULT_PRINTER). */
  chosen: string;
  /** The output or the component address was changed and not saved: the list shows the saved one's printers. */
  outputUnsaved: boolean;
}

/**
 * The printer labels go to, from the component's list with "the default printer" first; then a
 * test print and the offset calibration of the printer chosen (or the default one).
 */
export function PrinterChoice({ chosen, outputUnsaved }: PrinterChoiceProps) {
  const { t } = useTranslation();
  const component = useComponentStateQuery();
  const connected = component.data?.kind === 'connected';
  const printers = usePrintersQuery(connected);

  const status = () => {
    if (component.data?.kind === 'offline') return <StationErrorAlert error={offlineComponentError(component.data)} />;
    if (printers.isError) return <StationErrorAlert error={stationErrorOf(printers.error)} />;
    if (!connected || printers.isPending) return <Skeleton.Input active block size="large" />;
    return null;
  };
  const list = printers.data;
  const defaultName = list?.defaultPrinter ?? null;
  const disabledNames = new Set((list?.printers ?? []).filter(isPrinterDisabled).map((printer) => printer.name));
  // A disabled default is never used by default: labels go to the first usable printer instead.
  const byDefault = defaultName !== null && disabledNames.has(defaultName) ? (list?.printers.find((printer) => !isPrinterDisabled(printer))?.name ?? null) : defaultName;
  const target = chosen === DEFAULT_PRINTER ? byDefault : chosen;
  const defaultLabel = () => {
    if (!defaultName) return t('settings.printing.defaultPrinterUnknown');
    if (!disabledNames.has(defaultName)) return t('settings.printing.defaultPrinter', { name: defaultName });
    return byDefault ? t('settings.printing.defaultPrinterDisabled', { name: defaultName, instead: byDefault }) : t('settings.printing.noUsablePrinter', { name: defaultName });
  };
  const missing = chosen !== DEFAULT_PRINTER && list !== undefined && !list.printers.some((printer) => printer.name === chosen);

  return (
    <>
      {outputUnsaved ? <Alert type="info" showIcon title={t('settings.printing.printersAfterSave')} className="settings__note" /> : null}
      {status()}
      <Form.Item
        name="printer"
        label={t('settings.printing.printer')}
        validateStatus={missing || disabledNames.has(chosen) ? 'warning' : undefined}
        help={missing ? t('settings.printing.printerMissing', { name: chosen }) : disabledNames.has(chosen) ? t('settings.printing.printerDisabledChosen', { name: chosen }) : undefined}
      >
        <Select
          showSearch
          optionFilterProp="label"
          aria-label={t('settings.printing.printer')}
          disabled={!list}
          options={[
            { value: DEFAULT_PRINTER, label: defaultLabel() },
            ...(list?.printers ?? []).map((printer) => ({
              value: printer.name,
              label: isPrinterDisabled(printer) ? t('settings.printing.printerDisabled', { name: printer.name }) : printer.name,
            })),
          ]}
        />
      </Form.Item>
      {list && target !== null && !missing ? (
        <>
          <TestPrintPanel key={`test-${target}`} printer={target} />
          <CalibrationPanel key={`calibrate-${target}`} printer={target} />
        </>
      ) : list ? (
        <Alert type="warning" showIcon title={t('settings.printing.noPrinter')} />
      ) : null}
    </>
  );
}
