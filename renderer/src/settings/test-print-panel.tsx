import { PrinterOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { documentFailureError } from '../../../shared/domain/printing';
import { unwrapResult, useStation } from '../bridge/station-context';
import { StationErrorAlert, stationErrorOf } from '../errors/station-error-text';

/** Prints one test label on a printer and says what became of it: printed, failed and why, or unconfirmed. */
export function TestPrintPanel({ printer }: { printer: string }) {
  const { t } = useTranslation();
  const station = useStation();
  const testPrint = useMutation({ mutationFn: (name: string) => unwrapResult(station['printers.test-print']({ printer: name })) });
  const result = testPrint.data;
  return (
    <div className="settings__tool">
      <Button size="large" icon={<PrinterOutlined aria-hidden />} loading={testPrint.isPending} onClick={() => testPrint.mutate(printer)}>
        {t('settings.printing.testPrint')}
      </Button>
      <div aria-live="polite">
        {result?.outcome === 'printed' ? <Alert type="success" showIcon title={t('settings.printing.testPrinted', { printer: testPrint.variables })} /> : null}
        {result?.outcome === 'no-notice' ? <Alert type="warning" showIcon title={t('settings.printing.testNoNotice', { printer: testPrint.variables })} /> : null}
        {result?.outcome === 'failed' ? <StationErrorAlert error={documentFailureError(result.documentId, result.failure)} /> : null}
        {testPrint.isError ? <StationErrorAlert error={stationErrorOf(testPrint.error)} /> : null}
      </div>
    </div>
  );
}
