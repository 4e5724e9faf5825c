import type { FeatureIpcHandlers } from '../ipc/feature-ipc-handlers';
import type { WaybillHistory } from './waybill-history';

/** The waybill history: search, reprint, resend, void, export, and fetching print data again. */
export function historyIpcHandlers(history: WaybillHistory): FeatureIpcHandlers<'history'> {
  return {
    'history.search': (query) => history.search(query),
    'history.reprint': (request) => history.reprint(request),
    'history.resend-unknown': ({ waybillCodes }) => history.resendUnknown(waybillCodes),
    'history.void': (request) => history.setVoid(request),
    'history.export-csv': (query) => history.exportCsv(query),
    'history.refetch-print-data': ({ waybillCodes }) => history.refetchPrintData(waybillCodes),
  };
}
