import { stationCall } from './desk-actions';
import { openDemoDesk, openHistory } from './issue-print-actions';
import { expect, test } from './station-fixtures';
import { browserLocale, uiText } from './ui-text';

/*
 * A desk on its own (the shared mode off, as by default) shows nothing of the desks: no "Desks"
 * button, no shared-mode badge in the header, no desk column or filter in the history, and no
 * order marked as another desk's. The desks of a shared mode (two hosts, one PostgreSQL) are
 * proved where the shared backend is wired into the station.
 */
test.use({ demoOrders: 40 });

// Behaviour, not words, is what these tests check: each runs in one language, the two taking turns
// over the spec (README, Tests: languages in the e2e suite).
for (const locale of ['zh-CN', 'en'] as const) {
  if (locale === 'en') test(`a desk on its own shows no desks, no shared-mode badge and no desk column (${locale})`, async ({ openStation, request, stationHost }) => {
    const page = await openStation(browserLocale(locale));
    await openDemoDesk(page, locale, 40);
    expect(await stationCall(request, stationHost, 'desks.list', {})).toEqual({ state: 'off', desks: [], setAside: [] });
    const { rows } = await stationCall(request, stationHost, 'orders.list', {});
    expect(rows.filter((row) => row.elsewhere !== null)).toEqual([]);

    await expect(page.getByRole('button', { name: uiText(locale, 'history.open') })).toBeVisible();
    await expect(page.getByRole('button', { name: uiText(locale, 'desks.open') })).toHaveCount(0);
    await expect(page.getByText(uiText(locale, 'desks.badge.connected'))).toHaveCount(0);
    await expect(page.getByText(uiText(locale, 'desks.badge.unreachable'))).toHaveCount(0);

    const history = await openHistory(page, locale);
    await expect(history.drawer.getByRole('columnheader', { name: uiText(locale, 'history.column.carrier') })).toBeVisible();
    await expect(history.drawer.getByRole('columnheader', { name: uiText(locale, 'history.column.desk') })).toHaveCount(0);
    await expect(history.drawer.getByRole('combobox', { name: uiText(locale, 'history.desk') })).toHaveCount(0);
  });
}
