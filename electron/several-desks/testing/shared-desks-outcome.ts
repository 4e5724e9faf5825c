import type { IssuePlan } from '../../../shared/domain/issuing';
import type { SharedDesksRig } from './shared-desks-rig';

/**
 * What the account's gateway and printers saw of a run, counted from outside the desks: the
 * sandbox's issued waybills, call log and strict window, and every desk's print emulator. Each
 * count is zero when the station kept its promises (every order once, none lost, every label
 * once, no call over the limit, no 614); a test compares the whole record with `cleanOutcome`
 * so that a failure names every count at once.
 */
export interface SharedDesksOutcome {
  /** Orders of the plans given more than one waybill (each one paid for). */
  ordersIssuedTwice: number;
  /** Orders of the plans the sandbox holds no waybill for. */
  ordersLost: number;
  /** Orders issued that no plan held (a desk issued what it was not asked to). */
  ordersNotPlanned: number;
  /** Calls the sandbox's strict sliding window counted over 10 in a second. */
  rateLimitViolations: number;
  /** Issue calls the sandbox answered 614. */
  issueCalls614: number;
  /** Waybills whose label came out at more than one desk, or more than once at one. */
  labelsPrintedTwice: number;
  /** Waybills whose label no desk printed. */
  labelsNotPrinted: number;
  /** Labels printed for a number the sandbox never issued. */
  labelsOfNoWaybill: number;
}

/** The outcome of a run that kept every promise. */
export const cleanOutcome: SharedDesksOutcome = {
  ordersIssuedTwice: 0,
  ordersLost: 0,
  ordersNotPlanned: 0,
  rateLimitViolations: 0,
  issueCalls614: 0,
  labelsPrintedTwice: 0,
  labelsNotPrinted: 0,
  labelsOfNoWaybill: 0,
};

/** The orders these plans would issue (a package's orders; held-back or invalid ones are in none). */
export function plannedOrders(plans: readonly IssuePlan[]): Set<string> {
  return new Set(plans.flatMap((plan) => plan.packages.flatMap((pkg) => pkg.orderNumbers)));
}

/**
 * Waits until the desks' emulators printed at least `count` labels and stayed idle with no new
 * label for a moment (a late duplicate must be counted, not missed), or until `timeoutMs`.
 */
async function printingSettled(rig: SharedDesksRig, count: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (rig.printed().length < count && Date.now() < deadline) await new Promise((wait) => setTimeout(wait, 100));
  for (let seen = -1; seen !== rig.printed().length && Date.now() < deadline; ) {
    seen = rig.printed().length;
    await Promise.all(rig.desks.map((desk) => desk.emulator.idle()));
    await new Promise((wait) => setTimeout(wait, 1_000));
  }
}

/**
 * Counts the outcome of the plans' orders once the desks' jobs ended: waits for the labels of
 * every issued waybill (at most `printTimeoutMs`), then counts orders and labels as the sandbox
 * and the emulators saw them. `details` names a few of each kind, for the failure's message.
 */
export async function sharedDesksOutcome(rig: SharedDesksRig, planned: ReadonlySet<string>, printTimeoutMs = 30_000): Promise<{ outcome: SharedDesksOutcome; details: Record<string, string[]> }> {
  const waybills = await rig.sandbox.issuedWaybills();
  await printingSettled(rig, waybills.length, printTimeoutMs);
  const calls = await rig.sandbox.calls();

  const waybillsOfOrder = new Map<string, number>();
  for (const order of waybills.flatMap((waybill) => waybill.orderNumbers)) waybillsOfOrder.set(order, (waybillsOfOrder.get(order) ?? 0) + 1);
  const issuedTwice = [...waybillsOfOrder].filter(([, count]) => count > 1).map(([order]) => order);
  const lost = [...planned].filter((order) => !waybillsOfOrder.has(order));
  const notPlanned = [...waybillsOfOrder.keys()].filter((order) => !planned.has(order));

  const timesPrinted = new Map<string, number>();
  for (const code of rig.printed()) timesPrinted.set(code, (timesPrinted.get(code) ?? 0) + 1);
  const codes = new Set(waybills.map((waybill) => waybill.waybillCode));
  const printedTwice = [...timesPrinted].filter(([, count]) => count > 1).map(([code]) => code);
  const notPrinted = [...codes].filter((code) => !timesPrinted.has(code));
  const ofNoWaybill = [...timesPrinted.keys()].filter((code) => !codes.has(code));

  const outcome: SharedDesksOutcome = {
    ordersIssuedTwice: issuedTwice.length,
    ordersLost: lost.length,
    ordersNotPlanned: notPlanned.length,
    rateLimitViolations: await rig.sandbox.violations(),
    issueCalls614: calls.filter((call) => call.endpoint === 'issue' && call.code === 614).length,
    labelsPrintedTwice: printedTwice.length,
    labelsNotPrinted: notPrinted.length,
    labelsOfNoWaybill: ofNoWaybill.length,
  };
  const some = (items: string[]) => items.slice(0, 5);
  const details = {
    totals: [`${planned.size} orders planned, ${waybills.length} waybills issued, ${rig.printed().length} labels printed`],
    ordersIssuedTwice: some(issuedTwice),
    ordersLost: some(lost),
    labelsPrintedTwice: some(printedTwice),
    labelsNotPrinted: some(notPrinted),
    // Which calls the window refused, and the arrivals of the second before each (the sandbox's own clock).
    rateLimitedCalls: some(
      calls
        .filter((call) => call.rateLimited)
        .map((call) => `${call.endpoint ?? call.path}, ${calls.filter((other) => other.at > call.at - 1_000 && other.at <= call.at && !other.rateLimited).length} calls in the second before`),
    ),
  };
  return { outcome, details };
}
