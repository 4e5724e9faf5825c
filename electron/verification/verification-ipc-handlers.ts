import { stationError } from '../../shared/errors/station-error';
import type { FeatureIpcHandlers } from '../ipc/feature-ipc-handlers';
import { StationFailure } from '../ipc/to-station-error';
import type { StationLogger } from '../logging/station-logger';
import type { BarcodeReader, BarcodeWriter, DeskEventReader, DeskEventWriter } from '../store/station-backend';
import { barcodeCsv, parseBarcodeCsv } from './barcode-csv';

/** What scan-to-verify's channels need: the learned barcodes, the desk events, the account's shops and the day's date. */
export interface VerificationHandlerOptions {
  barcodes: { read: BarcodeReader; write: BarcodeWriter };
  deskEvents: { read: Pick<DeskEventReader, 'verified'>; write: DeskEventWriter };
  shopIds: () => string[];
  now?: () => number;
  /** The China calendar day (`2026-11-28`) of the export file's name. */
  day: () => string;
  /** The operator signed in now (operators on), named in the desk events; null when nobody is. */
  operatorName: () => string | null;
  logger: Pick<StationLogger, 'info'>;
}

/** Scan-to-verify's channels: the learned barcodes (list, learn, forget, CSV out and in), the desk events it records, and whether an order was verified before. */
export function verificationIpcHandlers(options: VerificationHandlerOptions): FeatureIpcHandlers<'verification'> {
  const now = options.now ?? Date.now;
  const ownShop = (shopId: string) => {
    if (!options.shopIds().includes(shopId)) throw new StationFailure(stationError('verification.unknown-shop', { shopId }));
  };
  return {
    'verification.barcodes': ({ shopId }) => {
      if (shopId !== undefined) ownShop(shopId);
      return options.barcodes.read.list(shopId ?? null);
    },
    'verification.learn': async ({ shopId, barcode, goodsName, goodsSpec }) => {
      ownShop(shopId);
      const mapping = { shopId, barcode, goodsName, goodsSpec, updatedAt: now() };
      await options.barcodes.write.save([mapping]);
      options.logger.info('barcode learned', { shopId, barcode });
      return mapping;
    },
    'verification.forget': async ({ shopId, barcode }) => {
      ownShop(shopId);
      return { removed: await options.barcodes.write.remove(shopId, barcode) };
    },
    'verification.export-csv': async () => {
      const mappings = await options.barcodes.read.list(null);
      return { fileName: `barcodes-${options.day()}.csv`, text: barcodeCsv(mappings), lines: mappings.length };
    },
    'verification.import-csv': async ({ text }) => {
      const mappings = parseBarcodeCsv(text, options.shopIds(), now());
      await options.barcodes.write.save(mappings);
      options.logger.info('barcodes imported', { count: mappings.length });
      return { imported: mappings.length };
    },
    'verification.record': async (event) => {
      await options.deskEvents.write.record({ ...event, at: now(), operatorName: options.operatorName() } as Parameters<DeskEventWriter['record']>[0]);
      return { recorded: true };
    },
    'verification.verified': ({ shopId, orderNumber }) => {
      ownShop(shopId);
      return options.deskEvents.read.verified(shopId, orderNumber);
    },
  };
}
