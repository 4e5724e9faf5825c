import { stationError } from '../../shared/errors/station-error';
import { StationFailure } from '../ipc/to-station-error';
import type { OsPrinterInfo, OsPrintOutcome } from '../os-printing/os-printing-types';

/**
 * Where packing slips and picking lists go when Settings chose no printer: the system's default
 * ('' lets the print system pick it). A system without a default printer is
 * `paperwork.no-slip-printer` — said before anything is sent, rather than the print system's own
 * "no default destination". A list that cannot be read leaves it to the print system, whose
 * answer then says what is wrong.
 */
export function defaultSlipPrinter(listed: OsPrintOutcome<OsPrinterInfo[]>): string {
  if (listed.ok && !listed.data.some((printer) => printer.isDefault)) throw new StationFailure(stationError('paperwork.no-slip-printer', { printers: listed.data.length }));
  return '';
}
