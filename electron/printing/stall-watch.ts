import { createListenerSet } from '../events/listener-set';
import type { PrinterStall } from '../../shared/domain/printer-condition';
import type { PrintComponent, Unsubscribe } from './print-component';
import type { PrintDocumentView, PrintQueue } from './print-queue';

/**
 * Notices a print component (or print system) that took labels and then says nothing: a hung
 * component, a printer paused with jobs pending. It watches the print queue's documents from the
 * outside: while some wait for an outcome and none has moved for the stall time, the watch says
 * "not responding" with how many labels wait, so the desk never watches a frozen bar in silence.
 * It changes nothing in the queue: the labels stay where they are and are never issued again.
 */

/** How the watch is set up. */
export interface StallWatchOptions {
  queue: PrintQueue;
  component: PrintComponent;
  /** The stall time in milliseconds, read at each check (Settings → Printing). */
  stallMs: () => number;
  /** How often the watch looks; default 1 s. */
  tickMs?: number;
  now?: () => number;
}

/** The stall watch. */
export interface StallWatch {
  /** The stall now, or null while labels move (or none waits). */
  state(): PrinterStall | null;
  onChange(listener: (stall: PrinterStall | null) => void): Unsubscribe;
  /** The user retried: the clock starts again from now. */
  restart(): void;
  close(): void;
}

/** Whether the component still owes an outcome for the document: sent, accepted, or unknown and not yet asked about. */
function awaitsOutcome(document: PrintDocumentView): boolean {
  return document.state === 'sent' || document.state === 'accepted' || (document.state === 'unknown' && document.statusAskedAt === null);
}

/** Starts watching the queue. */
export function createStallWatch(options: StallWatchOptions): StallWatch {
  const { queue, component } = options;
  const now = options.now ?? Date.now;
  const listeners = createListenerSet<PrinterStall | null>();
  const awaiting = new Map<string, PrintDocumentView>();
  let lastProgress = now();
  let current: PrinterStall | null = null;

  for (const document of queue.documents()) if (awaitsOutcome(document)) awaiting.set(document.id, document);

  const stopEvents = queue.onEvent((event) => {
    if (event.kind !== 'document') return;
    const { document } = event;
    const before = awaiting.get(document.id);
    // Progress: an outcome came, the component took a task, or a page was drawn.
    const moved =
      document.state === 'printed' ||
      document.state === 'failed' ||
      (document.state === 'accepted' && (before === undefined || before.state === 'sent')) ||
      (document.rendered && before !== undefined && !before.rendered);
    if (awaiting.size === 0 && awaitsOutcome(document)) lastProgress = now();
    if (moved) lastProgress = now();
    if (awaitsOutcome(document)) awaiting.set(document.id, document);
    else awaiting.delete(document.id);
    check();
  });

  function check(): void {
    const stallMs = options.stallMs();
    let next: PrinterStall | null = null;
    if (component.state().kind === 'connected' && awaiting.size > 0 && now() - lastProgress >= stallMs) {
      const documents = [...awaiting.values()];
      next = {
        since: lastProgress,
        seconds: Math.round(stallMs / 1000),
        labels: documents.length,
        printer: documents[0]?.printer ?? '',
        jobIds: [...new Set(documents.map((document) => document.jobId))],
      };
    }
    const changed = (current === null) !== (next === null) || (current !== null && next !== null && (current.labels !== next.labels || current.since !== next.since));
    current = next;
    if (changed) listeners.emit(current);
  }

  const stopState = component.onStateChange(() => {
    // A reconnect is a fresh start: what the old connection owed is asked about first.
    lastProgress = now();
    check();
  });
  const timer = setInterval(check, options.tickMs ?? 1_000);
  timer.unref();

  return {
    state: () => current,
    onChange: (listener) => listeners.add(listener),
    restart() {
      lastProgress = now();
      check();
    },
    close() {
      clearInterval(timer);
      stopEvents();
      stopState();
    },
  };
}
