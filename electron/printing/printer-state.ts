import { createListenerSet } from '../events/listener-set';
import { conditionOfFailure, conditionOfStatusText, PRINTER_FAULTS } from '../../shared/domain/printer-condition';
import type { PrinterCondition, PrinterStateView } from '../../shared/domain/printer-condition';
import type { PrintComponent, Unsubscribe } from './print-component';
import type { PrintQueue } from './print-queue';
import type { StallWatch } from './stall-watch';

/**
 * The printer's state for the desk's header, kept at all times (not only inside a job), from
 * three sources: the component's printer list (getPrinters `status`; on the OS path CUPS's
 * printer-state and printer-state-reasons), polled; the failures the component reports for
 * labels (paper out, jam, cover open, offline: they stay until a label prints again, because many
 * components keep answering "enable" for a printer with no paper); and the stall watch.
 */

/** How the tracker is set up. */
export interface PrinterStateTrackerOptions {
  component: PrintComponent;
  queue: PrintQueue;
  stall: StallWatch;
  /** The printer chosen in the settings; null for the component's default. */
  printer: () => string | null;
  /** How often the printer list is read while connected; default 1.5 s: the header follows the printer within 2 s. */
  pollMs?: number;
  now?: () => number;
  /** Logs a printer list that could not be read (never thrown). */
  onPollError?: (error: unknown) => void;
}

/** The tracker. */
export interface PrinterStateTracker {
  state(): PrinterStateView;
  onChange(listener: (state: PrinterStateView) => void): Unsubscribe;
  /** Reads the printer list now (also on every connect and after a label failed). */
  refresh(): Promise<void>;
  /** The desk fixed the printer and asked to print again: a label failure no longer stands for the printer's state. */
  acknowledge(): void;
  close(): void;
}

/** Starts tracking. */
export function createPrinterStateTracker(options: PrinterStateTrackerOptions): PrinterStateTracker {
  const { component, queue, stall } = options;
  const now = options.now ?? Date.now;
  const listeners = createListenerSet<PrinterStateView>();
  /** What the printer list said last. */
  let listed: { printer: string | null; condition: PrinterCondition; words: string | null } = { printer: options.printer(), condition: 'unknown', words: null };
  /** The last failure that named a printer condition, until a label prints. */
  let failure: { condition: PrinterCondition; words: string } | null = null;
  /** The queue's counts as its last (coalesced) status event gave them. */
  let counts = queue.status().counts;
  let polling: Promise<void> | null = null;
  let closed = false;
  let current = compute();

  function compute(): PrinterStateView {
    const base = { printer: listed.printer ?? options.printer(), stall: stall.state(), at: now() };
    if (component.state().kind !== 'connected') return { ...base, condition: 'unknown', words: null };
    // What the printer itself says (paused, paper out) explains a stall better than the stall does;
    // a label's failure of the same condition carries the printer's sentence, the list only its status.
    if (PRINTER_FAULTS.has(listed.condition)) return { ...base, condition: listed.condition, words: failure?.condition === listed.condition ? failure.words : listed.words };
    if (base.stall) return { ...base, condition: 'not-responding', words: listed.words };
    if (failure) return { ...base, condition: failure.condition, words: failure.words };
    if (counts.sent + counts.accepted > 0) return { ...base, condition: 'printing', words: listed.words };
    return { ...base, condition: listed.condition, words: listed.words };
  }

  function publish(): void {
    const next = compute();
    const changed = next.condition !== current.condition || next.words !== current.words || next.printer !== current.printer || (next.stall === null) !== (current.stall === null) || next.stall?.labels !== current.stall?.labels;
    current = next;
    if (changed) listeners.emit(current);
  }

  async function poll(): Promise<void> {
    if (closed || component.state().kind !== 'connected') return;
    try {
      const list = await component.getPrinters();
      const name = options.printer() ?? list.defaultPrinter;
      const printer = list.printers.find((candidate) => candidate.name === name);
      listed = printer
        ? { printer: printer.name, condition: conditionOfStatusText(printer.status), words: printer.status }
        : { printer: name, condition: name === null ? 'unknown' : 'offline', words: null };
    } catch (error) {
      options.onPollError?.(error);
    }
    publish();
  }

  /** The read asked while another was in flight: that one may have read the list before what asked (a fault set, a label failed). */
  let again: Promise<void> | null = null;

  function refresh(): Promise<void> {
    if (polling === null) {
      polling = poll().finally(() => {
        polling = null;
      });
      return polling;
    }
    again ??= polling.then(() => {
      again = null;
      return refresh();
    });
    return again;
  }

  const stops = [
    component.onStateChange((state) => {
      if (state.kind === 'connected') void refresh();
      publish();
    }),
    stall.onChange(publish),
    queue.onEvent((event) => {
      if (event.kind === 'status') {
        counts = event.status.counts;
        return publish();
      }
      const { document } = event;
      if (document.state === 'printed' && failure) failure = null;
      if (document.state === 'failed' && document.failure) {
        const condition = conditionOfFailure(document.failure);
        if (condition) {
          failure = { condition, words: document.failure.detail };
          void refresh();
        }
      }
      publish();
    }),
  ];
  const timer = setInterval(() => void refresh(), options.pollMs ?? 1_500);
  timer.unref();
  void refresh();

  return {
    state: () => current,
    onChange: (listener) => listeners.add(listener),
    refresh,
    acknowledge() {
      failure = null;
      publish();
    },
    close() {
      closed = true;
      clearInterval(timer);
      for (const stop of stops) stop();
    },
  };
}
