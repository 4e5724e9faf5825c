import { PRINTER_FAULTS, type PrinterCondition } from '../../../shared/domain/printer-condition';

/**
 * Whether the printer's change calls for the error tone: it has just stopped being able to print
 * (paper out, jam, cover open, offline, paused, not responding), and the desk has the sound on.
 * A fault that goes on, or one fault turning into another, sounds once, not on every update.
 */
export function soundsPrintError(before: PrinterCondition | null, after: PrinterCondition, enabled: boolean): boolean {
  return enabled && PRINTER_FAULTS.has(after) && (before === null || !PRINTER_FAULTS.has(before));
}
