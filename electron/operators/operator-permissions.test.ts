import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryPage, IssuePlan, JobView, ReprintResult, VoidResult } from '../../shared/domain/issuing';
import type { AuditPage, OperatorSession, OperatorView } from '../../shared/operators/operators';
import type { SettingsView } from '../../shared/ipc/ipc-contract';
import type { PrinterChoice } from '../../shared/domain/printing';
import type { Result } from '../../shared/result';
import { startPrintEmulator, type PrintEmulator } from '../demo/print-emulator/print-emulator';
import { startSandbox, type RunningSandbox } from '../demo/sandbox';
import { ofDemoShop, openTestStation, sandboxDeskPatch, setUpSandboxDesk } from '../composition/testing/sandbox-desk';
import { stationData } from '../composition/testing/station-data';
import type { Station } from '../composition/station';

const token = 'tok-operator-permissions-3309';
const supervisor = { name: 'Wang Fang', pin: '135790' };
const packer = { name: 'Li Na', pin: '2468', badge: 'BADGE-LINA-01' };

describe('operator permissions, enforced by the main process', () => {
  let dataDir: string;
  let sandbox: RunningSandbox;
  let emulator: PrintEmulator;
  let station: Station;
  let waybills: string[] = [];

  const data = <T>(channel: string, input: unknown = {}) => stationData<T>(station, channel, input);
  const refusal = async (channel: string, input: unknown) => {
    const answer = (await station.dispatch(channel, input)) as Result<unknown>;
    if (answer.ok) throw new Error(`${channel} was allowed`);
    return answer.error;
  };
  const printCountOf = async (waybillCode: string) => (await data<HistoryPage>('history.search', { text: waybillCode })).rows.find((row) => row.waybillCode === waybillCode)?.printCount ?? 0;
  const untilPrinted = async (waybillCode: string, count: number) => {
    for (let tries = 0; tries < 400 && (await printCountOf(waybillCode)) < count; tries += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await printCountOf(waybillCode)).toBe(count);
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'operator-permissions-'));
    sandbox = await startSandbox({ port: 0, token, orders: 10 });
    emulator = await startPrintEmulator({ port: 0, spoolDir: join(dataDir, 'spool'), noRender: true });
    station = await openTestStation(join(dataDir, 'station'), { baseUrl: sandbox.url, componentUrl: emulator.url });
    await setUpSandboxDesk(station, sandbox, token);
  }, 60_000);

  afterAll(async () => {
    await station.close();
    await emulator.close();
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('asks nobody to sign in while operators are off, and refuses to turn them on without a supervisor', async () => {
    expect(await data<OperatorSession>('operators.session')).toMatchObject({ enabled: false, operator: null });
    expect(await refusal('settings.update', { patch: { operators: { enabled: true } } })).toMatchObject({ code: 'operators.no-supervisor' });
    await data('operators.add', { name: packer.name, role: 'packer', pin: packer.pin, badge: packer.badge });
    const listed = await data<OperatorView[]>('operators.add', { name: supervisor.name, role: 'supervisor', pin: supervisor.pin });
    expect(listed.map((operator) => [operator.name, operator.role, operator.hasBadge])).toEqual([
      ['Li Na', 'packer', true],
      ['Wang Fang', 'supervisor', false],
    ]);
    expect(JSON.stringify(listed)).not.toContain(packer.pin);
    await data('settings.update', { patch: { operators: { enabled: true, idleMinutes: 10 } } });
    expect(await data<OperatorSession>('operators.session')).toMatchObject({ enabled: true, operator: null, idleMinutes: 10 });
  });

  it('refuses issuing and voiding to a desk nobody signed in at', async () => {
    const listing = await data<{ rows: { order: { orderNumber: string } }[] }>('orders.list');
    const plan = await data<IssuePlan>('issue.plan', { orders: ofDemoShop(listing.rows.slice(0, 2).map((row) => row.order.orderNumber)), merge: false, keepApart: [] });
    expect(await refusal('issue.start', { jobId: plan.jobId })).toMatchObject({ code: 'operators.sign-in-needed' });
    expect(await refusal('history.void', { waybillCodes: ['YT0000000000'], voided: true })).toMatchObject({ code: 'operators.sign-in-needed' });
  });

  it('signs a packer in by badge, who issues and prints; the job names them', async () => {
    expect(await data<OperatorSession>('operators.sign-in', { badge: packer.badge.toLowerCase() })).toMatchObject({ operator: { name: 'Li Na', role: 'packer' } });
    const listing = await data<{ rows: { order: { orderNumber: string } }[] }>('orders.list');
    const plan = await data<IssuePlan>('issue.plan', { orders: ofDemoShop(listing.rows.slice(0, 2).map((row) => row.order.orderNumber)), merge: false, keepApart: [] });
    await data<JobView>('issue.start', { jobId: plan.jobId });
    for (let tries = 0; tries < 400 && waybills.length < 2; tries += 1) {
      waybills = (await data<HistoryPage>('history.search', {})).rows.flatMap((row) => (row.waybillCode === null ? [] : [row.waybillCode]));
      if (waybills.length < 2) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(waybills).toHaveLength(2);
    for (const waybill of waybills) await untilPrinted(waybill, 1);
    const issued = await data<AuditPage>('audit.search', { actions: ['issue'] });
    expect(issued.entries[0]).toMatchObject({ operatorName: 'Li Na', action: 'issue', outcome: 'done', jobId: plan.jobId });
  });

  it('refuses a packer a void, takes a supervisor’s PIN for that one void, and counts wrong PINs', async () => {
    const [toVoid] = waybills as [string];
    expect(await refusal('history.void', { waybillCodes: [toVoid], voided: true })).toMatchObject({ code: 'operators.supervisor-needed', params: { name: 'Li Na' } });
    expect(await refusal('history.void', { waybillCodes: [toVoid], voided: true, supervisor: { name: packer.name, pin: packer.pin } })).toMatchObject({ code: 'operators.not-a-supervisor' });
    expect(await refusal('history.void', { waybillCodes: [toVoid], voided: true, supervisor: { name: supervisor.name, pin: '000000' } })).toMatchObject({
      code: 'operators.wrong-pin',
      params: { name: 'Wang Fang', attemptsLeft: 4 },
    });
    expect(await data<VoidResult>('history.void', { waybillCodes: [toVoid], voided: true, supervisor })).toMatchObject({ changed: 1 });
    // The approval was for that one call: the next void is refused again.
    expect(await refusal('history.void', { waybillCodes: [toVoid], voided: false })).toMatchObject({ code: 'operators.supervisor-needed' });
    const voids = await data<AuditPage>('audit.search', { text: toVoid, actions: ['void'] });
    expect(voids.entries.map((entry) => [entry.operatorName, entry.approvedBy, entry.outcome, entry.detail])).toEqual([
      ['Li Na', 'Wang Fang', 'done', ''],
      ['Li Na', null, 'refused', 'operators.wrong-pin'],
      ['Li Na', null, 'refused', 'operators.not-a-supervisor'],
      ['Li Na', null, 'refused', 'operators.supervisor-needed'],
    ]);
    expect(voids.entries[0]).toMatchObject({ waybillCodes: [toVoid], deskName: expect.any(String) as unknown });
  });

  it('lets a packer reprint a label printed once, but a label printed twice only with a supervisor', async () => {
    const toReprint = waybills[1] as string;
    expect(await data<ReprintResult>('history.reprint', { waybillCodes: [toReprint], confirmAlreadyPrinted: true })).toMatchObject({ queued: [toReprint] });
    await untilPrinted(toReprint, 2);
    // Asking first prints nothing and needs nobody; printing it a third time needs a supervisor.
    expect(await data<ReprintResult>('history.reprint', { waybillCodes: [toReprint], confirmAlreadyPrinted: false })).toMatchObject({ queued: [], needsConfirmation: [{ waybillCode: toReprint, printCount: 2 }] });
    expect(await refusal('history.reprint', { waybillCodes: [toReprint], confirmAlreadyPrinted: true })).toMatchObject({ code: 'operators.supervisor-needed' });
    expect(await data<ReprintResult>('history.reprint', { waybillCodes: [toReprint], confirmAlreadyPrinted: true, supervisor })).toMatchObject({ queued: [toReprint] });
    const reprints = await data<AuditPage>('audit.search', { actions: ['reprint'], outcome: 'done' });
    expect(reprints.entries.map((entry) => [entry.operatorName, entry.approvedBy])).toEqual([
      ['Li Na', 'Wang Fang'],
      ['Li Na', null],
    ]);
  });

  it('lets a packer choose carrier, branch and sender at the desk, named in the log; Settings’ sender and printer still need a supervisor', async () => {
    const { carrierCode, branchCode, senderAddress } = sandboxDeskPatch(sandbox).shipFrom;
    if (!senderAddress) throw new Error('the sandbox desk ships from no address');
    // What the desk's ship-from picker saves: a carrier (its first branch and address with it), a branch, an address.
    const chosen = await data<SettingsView>('settings.update', { patch: { shipFrom: { carrierCode, branchCode, senderAddress } } });
    expect(chosen.settings.shipFrom).toMatchObject({ carrierCode, branchCode, senderAddress });
    await data('settings.update', { patch: { shipFrom: { senderAddress } } });
    // The sender's name and phone are typed on the Settings screen; mixed with a desk choice, Settings wins.
    expect(await refusal('settings.update', { patch: { shipFrom: { senderName: '张三' } } })).toMatchObject({ code: 'operators.supervisor-needed', params: { name: 'Li Na' } });
    expect(await refusal('settings.update', { patch: { shipFrom: { branchCode }, print: { errorSound: false } } })).toMatchObject({ code: 'operators.supervisor-needed' });
    // The printer alone, as Settings saves it.
    expect(await refusal('settings.update', { patch: {}, printer: null })).toMatchObject({ code: 'operators.supervisor-needed' });
    await data('settings.update', { patch: {}, printer: null, supervisor });
    const choices = await data<AuditPage>('audit.search', { actions: ['desk-choice', 'settings-change'] });
    expect(choices.entries.slice(0, 5).map((entry) => [entry.action, entry.operatorName, entry.approvedBy, entry.outcome, entry.detail])).toEqual([
      ['settings-change', 'Li Na', 'Wang Fang', 'done', 'print(printer) default'],
      ['settings-change', 'Li Na', null, 'refused', 'operators.supervisor-needed'],
      ['settings-change', 'Li Na', null, 'refused', 'operators.supervisor-needed'],
      ['settings-change', 'Li Na', null, 'refused', 'operators.supervisor-needed'],
      ['desk-choice', 'Li Na', null, 'done', `sender ${senderAddress.city} ${senderAddress.district}`],
    ]);
    expect(choices.entries[5]).toMatchObject({ action: 'desk-choice', operatorName: 'Li Na', detail: `carrier ${carrierCode}, branch ${branchCode}, sender ${senderAddress.city} ${senderAddress.district}` });
    // Nobody signed in: the desk's choices wait for someone (a stalled job's printer too).
    await data('operators.sign-out', { reason: 'manual' });
    expect(await refusal('settings.update', { patch: { shipFrom: { branchCode } } })).toMatchObject({ code: 'operators.sign-in-needed' });
    expect(await refusal('jobs.switch-printer', { jobId: 'job-of-the-desk', printer: 'Label printer 2' })).toMatchObject({ code: 'operators.sign-in-needed' });
    await data('operators.sign-in', { badge: packer.badge });
  });

  it('asks a supervisor once for a packer’s one Settings save that changes the printer and other fields: one approval, one entry naming them; nothing saved when the printer is not offered', async () => {
    const { printers } = await data<PrinterChoice>('printers.list');
    const printer = printers.at(-1)?.name;
    if (printer === undefined) throw new Error('the print emulator offers no printer');
    const saves = async () => (await data<AuditPage>('audit.search', { actions: ['settings-change'], outcome: 'done' })).total;
    const before = await saves();
    // The save as the Settings screen sends it: the other fields and the printer in one call.
    expect(await refusal('settings.update', { patch: { print: { errorSound: false } }, printer })).toMatchObject({ code: 'operators.supervisor-needed' });
    const saved = await data<SettingsView>('settings.update', { patch: { print: { errorSound: false } }, printer, supervisor });
    expect(saved.settings.print).toMatchObject({ printer, errorSound: false });
    const entries = await data<AuditPage>('audit.search', { actions: ['settings-change'], outcome: 'done' });
    expect(entries.total).toBe(before + 1);
    expect(entries.entries[0]).toMatchObject({ operatorName: 'Li Na', approvedBy: 'Wang Fang', detail: `print(errorSound) print(printer) ${printer}` });
    // A printer the component does not offer: the whole save is refused, the other field too.
    expect(await refusal('settings.update', { patch: { print: { errorSound: true } }, printer: 'No such printer', supervisor })).toMatchObject({ code: 'print.printer-not-offered', params: { printer: 'No such printer' } });
    expect((await data<SettingsView>('settings.get')).settings.print).toMatchObject({ printer, errorSound: false });
  });

  it('refuses a packer Settings and turning operators off, but not the desk’s view preferences', async () => {
    expect(await refusal('settings.update', { patch: { print: { errorSound: false } } })).toMatchObject({ code: 'operators.supervisor-needed' });
    await data('settings.update', { patch: { ui: { language: 'en' } } });
    expect(await refusal('operators.add', { name: 'Zhao Lei', role: 'supervisor', pin: '9999' })).toMatchObject({ code: 'operators.supervisor-needed' });
    expect(await refusal('settings.update', { patch: { operators: { enabled: false } } })).toMatchObject({ code: 'operators.supervisor-needed' });
    await data('settings.update', { patch: { operators: { enabled: false } }, supervisor });
    expect(await data<OperatorSession>('operators.session')).toMatchObject({ enabled: false, operator: null });
    const changes = await data<AuditPage>('audit.search', { actions: ['settings-change'], outcome: 'done' });
    expect(changes.entries[0]).toMatchObject({ operatorName: 'Li Na', approvedBy: 'Wang Fang', detail: 'operators(enabled)' });
  });

  it('never writes a PIN to the log, and exports the log as CSV', async () => {
    const logs = join(dataDir, 'station', 'logs');
    const text = (await Promise.all((await readdir(logs)).map((file) => readFile(join(logs, file), 'utf8')))).join('\n');
    expect(text).not.toContain(supervisor.pin);
    expect(text).not.toContain(packer.badge);
    const csv = await data<{ fileName: string; text: string; lines: number }>('audit.export-csv', { actions: ['void'] });
    expect(csv.fileName).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    // The four of the packer's void and the one refused while nobody was signed in.
    expect(csv.lines).toBe(5);
    expect(csv.text).toContain(`Li Na,Wang Fang,void,done,,${waybills[0]}`);
    expect(csv.text).not.toContain(supervisor.pin);
  });
});
