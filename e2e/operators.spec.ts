import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { describeError, stationError } from '../shared/errors/station-error';
import { chooseOption, openSettingsWithF2, scan, stationCall } from './desk-actions';
import { historyWaybills, openDemoDesk, openHistory } from './issue-print-actions';
import { saveScreenshot } from './screenshots';
import { expect, test, type StationHostProcess } from './station-fixtures';
import { browserLocale, uiText, type DeskLocale } from './ui-text';

/*
 * Operators at a desk: turned on, the desk asks for a sign-in (name + PIN, or a badge scanned
 * like any barcode); a packer's void is refused by main and a supervisor allows it on the spot
 * with their name and PIN; the audit log finds the refusal and the void, naming both. The desk's
 * own choices (carrier, branch, sender) are the packer's, asked of nobody, and named in the log.
 */
test.use({ demoOrders: 40 });

const supervisor = { name: 'Wang Fang', pin: '135790' };
const packer = { name: 'Li Na', pin: '2468', badge: 'BADGE-LINA-01' };

const signInHeading = (page: Page, locale: DeskLocale) => page.getByRole('heading', { name: uiText(locale, 'operators.signIn.title') });
const signedInAs = (page: Page, locale: DeskLocale, name: string, role: 'packer' | 'supervisor') =>
  page.getByRole('banner').getByText(uiText(locale, 'operators.header.signedIn', { name, role: uiText(locale, `operators.role.${role}`) }));

/** The demo desk with its orders, a supervisor and a packer added, operators turned on and the packer signed in by badge. */
async function signInPackerAtDemoDesk(page: Page, request: APIRequestContext, stationHost: StationHostProcess, locale: DeskLocale): Promise<void> {
  await openDemoDesk(page, locale, 40);
  await stationCall(request, stationHost, 'operators.add', { name: supervisor.name, role: 'supervisor', pin: supervisor.pin });
  await stationCall(request, stationHost, 'operators.add', { name: packer.name, role: 'packer', pin: packer.pin, badge: packer.badge });
  await stationCall(request, stationHost, 'settings.update', { patch: { operators: { enabled: true } } });
  await expect(signInHeading(page, locale)).toBeVisible();
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await scan(page, packer.badge);
  await expect(signedInAs(page, locale, packer.name, 'packer')).toBeVisible();
}

for (const locale of ['zh-CN', 'en'] as const) {
  test(`operators sign in by PIN and by badge; a packer's void needs a supervisor, and the audit log finds it (${locale})`, async ({ openStation, request, stationHost }) => {
    // One flow through setup, two sign-ins, an issued label, a void and the audit log: longer than most.
    test.setTimeout(120_000);
    const text = (key: string, params: Record<string, string | number> = {}) => uiText(locale, key, params);
    const page = await openStation(browserLocale(locale));
    await openDemoDesk(page, locale, 40);
    // Off by default: the desk never asked anyone to sign in.
    await expect(page.getByRole('button', { name: text('operators.header.signOut') })).toHaveCount(0);
    await stationCall(request, stationHost, 'operators.add', { name: supervisor.name, role: 'supervisor', pin: supervisor.pin });
    await stationCall(request, stationHost, 'operators.add', { name: packer.name, role: 'packer', pin: packer.pin, badge: packer.badge });
    await stationCall(request, stationHost, 'settings.update', { patch: { operators: { enabled: true } } });

    // Turned on: the desk asks for a sign-in; a wrong PIN says how many tries are left.
    await expect(signInHeading(page, locale)).toBeVisible();
    await saveScreenshot(page, 'operators-sign-in', locale);
    await page.getByLabel(text('operators.signIn.name')).fill(packer.name);
    await page.getByLabel(text('operators.signIn.pin')).fill('0000');
    await page.getByRole('button', { name: text('operators.signIn.submit') }).click();
    await expect(page.getByRole('alert').filter({ hasText: describeError(stationError('operators.wrong-pin', { name: packer.name, attemptsLeft: 4 }), locale === 'zh-CN' ? 'zh' : 'en').text })).toBeVisible();
    await page.getByLabel(text('operators.signIn.name')).fill(packer.name);
    await page.getByLabel(text('operators.signIn.pin')).fill(packer.pin);
    await page.getByRole('button', { name: text('operators.signIn.submit') }).click();
    await expect(signedInAs(page, locale, packer.name, 'packer')).toBeVisible();
    await page.getByRole('button', { name: text('operators.header.signOut') }).click();
    await expect(signInHeading(page, locale)).toBeVisible();

    // The badge: scanned anywhere on the sign-in screen.
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await scan(page, packer.badge);
    await expect(signedInAs(page, locale, packer.name, 'packer')).toBeVisible();
    await saveScreenshot(page, 'operators-signed-in', locale);

    // The packer issues a label (as the desk's API, signed in as the packer).
    const { rows } = await stationCall(request, stationHost, 'orders.list', {});
    const plan = await stationCall(request, stationHost, 'issue.plan', { orders: rows.slice(0, 8).map((row) => ({ shopId: row.shopId, orderNumber: row.order.orderNumber })), merge: false, keepApart: [] });
    const [first] = plan.packages;
    if (!first) throw new Error('the demo plan has no valid package');
    const single = await stationCall(request, stationHost, 'issue.plan', { orders: first.orderNumbers.map((orderNumber) => ({ shopId: first.shopId, orderNumber })), merge: false, keepApart: [] });
    await stationCall(request, stationHost, 'issue.start', { jobId: single.jobId });
    await expect.poll(async () => (await historyWaybills(request, stationHost)).length, { timeout: 20_000 }).toBe(1);
    const [issued] = await historyWaybills(request, stationHost);
    if (!issued?.waybillCode) throw new Error('no waybill was issued');

    // The packer's void: main refuses it, the desk asks a supervisor on the spot.
    const history = await openHistory(page, locale);
    await history.tick(issued.orderNumber);
    await history.drawer.getByRole('button', { name: text('history.void') }).click();
    await page.getByRole('dialog').filter({ hasText: text('history.voidConfirm.title', { count: 1 }) }).getByRole('button', { name: text('history.voidConfirm.ok') }).click();
    const approval = page.getByRole('dialog', { name: text('operators.approval.title') });
    await expect(approval).toBeVisible();
    await saveScreenshot(page, 'operators-supervisor-approval', locale);
    await approval.getByLabel(text('operators.approval.name')).fill(supervisor.name);
    await approval.getByLabel(text('operators.approval.pin')).fill(supervisor.pin);
    await approval.getByRole('button', { name: text('operators.approval.allow') }).click();
    await expect(approval).toBeHidden();
    await expect(history.row(issued.orderNumber)).toContainText(text('history.state.voided'));
    await page.keyboard.press('Escape');

    // The audit log finds the refusal and the void by the waybill, naming the packer and the supervisor.
    await page.getByRole('banner').getByRole('button', { name: text('audit.open') }).click();
    const table = page.getByRole('table', { name: text('audit.tableLabel') });
    await expect(table).toBeVisible();
    await page.getByRole('searchbox', { name: text('audit.search') }).fill(issued.waybillCode);
    await page.getByRole('searchbox', { name: text('audit.search') }).press('Enter');
    const voidRows = table.getByRole('row').filter({ hasText: text('audit.action.void') });
    await expect(voidRows).toHaveCount(2);
    await expect(voidRows.filter({ hasText: text('audit.outcomeName.done') })).toContainText(text('audit.approvedBy', { name: supervisor.name }));
    await expect(voidRows.filter({ hasText: text('audit.outcomeName.refused') })).toContainText('operators.supervisor-needed');
    await expect(voidRows.first()).toContainText(packer.name);
    await saveScreenshot(page, 'audit-log', locale);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: text('audit.export') }).click();
    const csv = await readFile(await (await download).path(), 'utf8');
    expect(csv).toContain(`${packer.name},${supervisor.name},void,done`);
    expect(csv).not.toContain(supervisor.pin);
  });
}

// Behaviour, not words: one language (README, Tests: languages in the e2e suite).
test('a signed-in packer chooses carrier, branch and sender at the desk without a supervisor, named in the audit log (zh-CN)', async ({ openStation, request, stationHost }) => {
  test.setTimeout(90_000);
  const locale = 'zh-CN';
  const text = (key: string, params: Record<string, string | number> = {}) => uiText(locale, key, params);
  const page = await openStation(browserLocale(locale));
  await signInPackerAtDemoDesk(page, request, stationHost, locale);

  // The desk's own choices: saved at once, no supervisor asked.
  const shipFrom = page.getByRole('region', { name: text('shipFrom.label') });
  await chooseOption(shipFrom.getByRole('combobox', { name: text('shipFrom.carrier') }), 'YTO');
  await chooseOption(shipFrom.getByRole('combobox', { name: text('shipFrom.branch') }), '571001');
  await chooseOption(shipFrom.getByRole('combobox', { name: text('shipFrom.address') }), '滨江区');
  await expect(page.getByRole('dialog', { name: text('operators.approval.title') })).toHaveCount(0);
  await expect.poll(async () => (await stationCall(request, stationHost, 'settings.get', {})).settings.shipFrom).toMatchObject({ carrierCode: 'YTO', branchCode: '571001', senderAddress: { district: '滨江区' } });
  await expect(shipFrom).toContainText('571001');

  // The audit log names the packer for each choice.
  await page.getByRole('banner').getByRole('button', { name: text('audit.open') }).click();
  const table = page.getByRole('table', { name: text('audit.tableLabel') });
  const choices = table.getByRole('row').filter({ hasText: text('audit.action.desk-choice') });
  await expect(choices.filter({ hasText: 'carrier YTO' }).first()).toContainText(packer.name);
  await expect(choices.filter({ hasText: '滨江区' })).toContainText(packer.name);
  await expect(choices.first()).not.toContainText(text('audit.approvedBy', { name: supervisor.name }));
});

// Behaviour, not words: one language (README, Tests: languages in the e2e suite).
test('a packer’s one Settings save changing the printer and the sender asks a supervisor once, and the audit log has it once, naming them (en)', async ({ openStation, request, stationHost }) => {
  test.setTimeout(90_000);
  const locale = 'en';
  const text = (key: string, params: Record<string, string | number> = {}) => uiText(locale, key, params);
  const page = await openStation(browserLocale(locale));
  await signInPackerAtDemoDesk(page, request, stationHost, locale);

  await openSettingsWithF2(page, locale);
  const printing = page.getByRole('region', { name: text('settings.section.printing'), exact: true });
  await chooseOption(printing.getByRole('combobox', { name: text('settings.printing.printer'), exact: true }), 'Xprinter');
  await page.getByRole('region', { name: text('settings.section.sender'), exact: true }).getByRole('textbox', { name: text('settings.sender.name') }).fill('王小满');
  await page.getByRole('button', { name: text('settings.save'), exact: true }).click();
  const approval = page.getByRole('dialog', { name: text('operators.approval.title') });
  await expect(approval).toBeVisible();
  await approval.getByLabel(text('operators.approval.name')).fill(supervisor.name);
  await approval.getByLabel(text('operators.approval.pin')).fill(supervisor.pin);
  await approval.getByRole('button', { name: text('operators.approval.allow') }).click();
  // Saved whole with that one approval: the save is done only once every part of it is, and no second question came.
  await expect(page.getByText(text('settings.saved'))).toBeVisible();
  await expect(approval).toHaveCount(0);
  const stored = await stationCall(request, stationHost, 'settings.get', {});
  expect(stored.settings.print.printer).toBe('Xprinter XP-460B (100×180)');
  expect(stored.settings.shipFrom.senderName).toBe('王小满');
  // The packer's save: refused once (the question), then done once with the supervisor (the setup's own entries, before anyone signed in, name nobody).
  const { entries } = await stationCall(request, stationHost, 'audit.search', { text: packer.name, actions: ['settings-change'] });
  expect(entries.map((entry) => [entry.operatorName, entry.approvedBy, entry.outcome])).toEqual([
    [packer.name, supervisor.name, 'done'],
    [packer.name, null, 'refused'],
  ]);
  expect(entries[0]?.detail).toContain('print(printer) Xprinter XP-460B (100×180)');
});
