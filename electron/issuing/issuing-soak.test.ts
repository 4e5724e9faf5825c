import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../demo/sandbox/index';
import type { RunningSandbox, SandboxCall } from '../demo/sandbox/index';
import type { EmulatorFault } from '../demo/print-emulator/print-emulator';
import { startTestEmulator } from '../printing/testing/print-test-kit';
import { openStationDatabase } from '../store/local/open-station-database';
import { killFixtureProcesses, startFixtureProcess } from '../testing/fixture-process';

const fixturePath = join(import.meta.dirname, 'testing', 'issuing-soak-fixture.ts');
const ORDERS = 1000;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  killFixtureProcesses();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The engine's process, with the count of waybills it last reported. */
function startEngineProcess(args: string[]) {
  const engine = startFixtureProcess(fixturePath, args);
  return { ...engine, waybills: (): number => Number(/waybills (\d+)\n(?![\s\S]*waybills)/.exec(engine.output())?.[1] ?? 0) };
}

/** Order numbers an issue call carried (its body is null when it was refused before being read). */
function carried(call: SandboxCall): string[] {
  const body = call.body as { param_waybill_cloud_print_apply_new_request?: { trade_order_info_dtos?: { order_info: { trade_order_list: string[] } }[] } } | null;
  return body?.param_waybill_cloud_print_apply_new_request?.trade_order_info_dtos?.flatMap((entry) => entry.order_info.trade_order_list) ?? [];
}

/** Order numbers a query call asked about. */
function asked(call: SandboxCall): string[] {
  const body = call.body as { param_list?: { biz_sub_code: string }[] } | null;
  return body?.param_list?.map((entry) => entry.biz_sub_code) ?? [];
}

/** Keeps about one print task in ten faulted: sockets dropped before the reply, after the accept, or a stalled component. */
/** Starts injecting faults; the function it answers stops injecting and clears the fault still set (a stall not yet used up, say). */
function injectPrintFaults(emulator: Awaited<ReturnType<typeof startTestEmulator>>): () => Promise<void> {
  const kinds: EmulatorFault[] = [{ kind: 'drop-before-reply', count: 1 }, { kind: 'drop-after-accept', count: 1 }, { kind: 'stall', count: 1 }];
  let next = 5;
  let index = 0;
  const timer = setInterval(() => {
    if (emulator.received().length < next || emulator.fault() !== null) return;
    next += 10;
    void emulator.setFault(kinds[index++ % kinds.length] as EmulatorFault);
  }, 5);
  return async () => {
    clearInterval(timer);
    await emulator.setFault(null);
  };
}

describe('the fault soak', () => {
  it(`issues and prints ${ORDERS} orders through faults, unclear answers and two SIGKILLs, with the sandbox's own 614 overlap check off: one waybill per order, none issued twice, each label printed once`, async () => {
    const folder = await mkdtemp(join(tmpdir(), 'issuing-soak-'));
    cleanups.push(() => rm(folder, { recursive: true, force: true }));
    const file = join(folder, 'station.sqlite');
    const sandbox: RunningSandbox = await startSandbox({
      orders: ORDERS + 60,
      faults: {
        latencyMs: 5,
        jitterMs: 15,
        // 10 % of calls: answers lost after the call took effect, timeouts, 202, dropped sockets before and after.
        dropAfterRate: 0.03,
        timeoutRate: 0.02,
        busyRate: 0.02,
        dropBeforeRate: 0.02,
        malformedJsonRate: 0.01,
        // And issue calls that allocate, then answer 614 "unknown exception", a 202 that is not
        // the rate limit, or a code-0 answer the station cannot read with certainty.
        issueUnknownErrorRate: 0.02,
        issueBusyAfterEffectRate: 0.01,
        issueDuplicateResultRate: 0.01,
        issueSharedWaybillRate: 0.01,
        issueEmptyWaybillCodeRate: 0.01,
        issueNumericWaybillCodeRate: 0.01,
        issueEntrySystemErrorRate: 0.01,
        // Look-ups answered unclearly for 1 % of their orders each way.
        querySuccessWithoutWaybillRate: 0.01,
        queryWaybillListRate: 0.01,
        queryWaybillTextRate: 0.01,
        queryNoPermissionRate: 0.01,
        queryShopMissingRate: 0.01,
        // The gateway's own guard against a second waybill is off: only the station stands between an order and a second charge.
        overlapCheckOff: true,
      },
    });
    cleanups.push(() => sandbox.close());
    const emulator = await startTestEmulator({ noRender: true });
    cleanups.push(() => emulator.dispose());
    const stopFaults = injectPrintFaults(emulator);
    cleanups.push(stopFaults);
    const args = (mode: string) => [mode, file, sandbox.url, emulator.url, String(ORDERS)];

    const first = startEngineProcess(args('start'));
    await first.until(() => first.waybills() >= 300, '300 waybills');
    await first.kill();
    const second = startEngineProcess(args('resume'));
    await second.until(() => second.waybills() >= 350, '350 more waybills');
    await second.kill();
    const third = startEngineProcess(args('resume'));
    await third.finished();
    expect(third.output()).toMatch(/settled done/);
    // The packer fixes the printer before printing again.
    await stopFaults();
    await emulator.idle();
    // Labels whose task reached the component (or may have) and that it cannot account for were
    // never sent again by the station itself: the packer prints them again from the recovery view.
    const packer = startEngineProcess(args('print-unknown'));
    await packer.finished();
    const printedAgain = Number(/printed again (\d+)/.exec(packer.output())?.[1] ?? -1);
    expect(printedAgain).toBeGreaterThan(0);
    await emulator.idle();

    // The journal: every order of the job has exactly one waybill, issued here or recovered.
    const db = openStationDatabase({ file });
    cleanups.push(async () => {
      db.close();
    });
    const rows = db
      .prepare('SELECT j.order_number, j.state, j.waybill_code FROM job_orders m JOIN journal_orders j ON j.gateway_shop_id = m.shop_id AND j.order_number = m.order_number')
      .all() as { order_number: string; state: string; waybill_code: string | null }[];
    expect(rows).toHaveLength(ORDERS);
    expect(rows.filter((row) => row.state !== 'issued' && row.state !== 'recovered')).toEqual([]);
    const journal = new Map(rows.map((row) => [row.order_number, row.waybill_code as string]));
    expect(new Set(journal.values()).size).toBe(ORDERS);

    // The sandbox's issued set is the journal's, and it never gave an order a second waybill.
    expect(sandbox.secondWaybills()).toEqual([]);
    const issued = sandbox.issuedWaybills();
    expect(new Map(issued.flatMap((waybill) => waybill.orderNumbers.map((orderNumber) => [orderNumber, waybill.waybillCode] as const)))).toEqual(journal);

    // No issue call ever carried an order that already had its waybill, and an order whose call
    // ended without a clear answer was looked up before any later call carried it again.
    const issuedAt = new Map(issued.flatMap((waybill) => waybill.orderNumbers.map((orderNumber) => [orderNumber, waybill.issuedAt] as const)));
    const calls = sandbox.calls();
    const issueCalls = calls.filter((call) => call.endpoint === 'issue' && carried(call).length > 0);
    expect(issueCalls.length).toBeGreaterThanOrEqual(ORDERS / 10);
    for (const call of issueCalls) {
      for (const orderNumber of carried(call)) expect(call.at, `${orderNumber} carried after it had a waybill`).toBeLessThanOrEqual(issuedAt.get(orderNumber) as number);
    }
    // A 614 answered without an injected fault rejected the whole call: nothing to look up.
    const definite = (call: SandboxCall) => call.fault === null && call.code === 614;
    const byOrder = new Map<string, SandboxCall[]>();
    for (const call of issueCalls) for (const orderNumber of carried(call)) byOrder.set(orderNumber, [...(byOrder.get(orderNumber) ?? []), call]);
    const queries = calls.filter((call) => call.endpoint === 'query-issued');
    for (const [orderNumber, carriers] of byOrder) {
      for (let index = 1; index < carriers.length; index += 1) {
        const before = carriers[index - 1] as SandboxCall;
        const after = carriers[index] as SandboxCall;
        if (definite(before)) continue;
        const lookedUp = queries.some((query) => query.at > before.at && query.at < after.at && asked(query).includes(orderNumber));
        expect(lookedUp, `${orderNumber} issued again without a look-up`).toBe(true);
      }
    }
    expect(calls.some((call) => call.fault !== null)).toBe(true);

    // Every label printed exactly once: those printed again at the packer's word had never come out.
    const printed = emulator.printed().map((document) => document.documentId);
    expect(printed).toHaveLength(ORDERS);
    expect(new Set(printed)).toEqual(new Set(journal.values()));
    // The print faults happened: print requests lost or cut off, and connections dropped beyond the three processes'.
    expect(emulator.commandCounts().print).toBeGreaterThan(ORDERS);
    expect(emulator.commandCounts().setGlobalConfig).toBeGreaterThan(3);
  }, 120_000);
});
