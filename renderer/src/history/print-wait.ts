import { MAX_AUTOMATIC_SENDS, type PrintOutput } from '../../../shared/domain/printing';
import type { HistoryRow } from '../../../shared/domain/issuing';

/** Why a label's print waits for the packer, beyond its state: what the history and the recovery view say under it. */
export type PrintWait =
  /** Sent to the output not chosen now, outcome open: asked about and printed again only there. */
  | { kind: 'other-output'; output: PrintOutput }
  /** Refused as many times as the queue sends by itself: it sends no more until the packer reprints. */
  | { kind: 'stopped'; sends: number };

/** What a history row's label waits for, if anything; `currentOutput` is the print queue's output now. */
export function printWaitOf(row: Pick<HistoryRow, 'printState' | 'printOutput' | 'printAutomaticSends'>, currentOutput: PrintOutput | null): PrintWait | null {
  const open = row.printState === 'sent' || row.printState === 'accepted' || row.printState === 'unknown';
  if (open && row.printOutput !== null && currentOutput !== null && row.printOutput !== currentOutput) return { kind: 'other-output', output: row.printOutput };
  if (row.printState === 'failed' && row.printAutomaticSends >= MAX_AUTOMATIC_SENDS) return { kind: 'stopped', sends: row.printAutomaticSends };
  return null;
}
