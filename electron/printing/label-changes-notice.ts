import type { PrintQueue } from './print-queue';

/** How long label changes are gathered before the listener is told (once). */
const LABEL_CHANGES_GATHER_MS = 250;

/**
 * Tells `onChanged` that labels changed, once per gathering window: the orders table shows each
 * order's print state (a printed order scanned again must alarm), and a long job must not list
 * the orders again for every label.
 */
export function tellLabelChangesGathered(queue: Pick<PrintQueue, 'onEvent'>, onChanged: () => void): void {
  let told = false;
  queue.onEvent((event) => {
    if (event.kind === 'status' || told) return;
    told = true;
    setTimeout(() => {
      told = false;
      onChanged();
    }, LABEL_CHANGES_GATHER_MS).unref();
  });
}
