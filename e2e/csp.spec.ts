import type { Page } from '@playwright/test';
import type { PageGlobals } from './page-dom';
import { expect, test } from './station-fixtures';

/** Records the page's CSP violation events from the first moment, before any page script runs. */
async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const page = globalThis as unknown as PageGlobals;
    page.cspViolations = [];
    page.document.addEventListener('securitypolicyviolation', (event) => {
      page.cspViolations?.push({ directive: event.effectiveDirective, blocked: event.blockedURI, source: `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}` });
    });
  });
}

const violations = (page: Page) => page.evaluate(() => (globalThis as unknown as PageGlobals).cspViolations ?? []);

test.describe('Content-Security-Policy of the renderer', () => {
  test('is sent with the page and the app runs under it without a single violation', async ({ openStation }) => {
    const page = await openStation('en-US');
    await recordViolations(page);
    const response = await page.reload();
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');

    await expect(page.getByRole('heading', { level: 1, name: 'Waybill Print Station' })).toBeVisible();
    // Styles antd inserts at run time carry the page's nonce; switching language re-renders them.
    await page.getByRole('radiogroup', { name: 'Language' }).getByText('简体中文').click();
    await expect(page.getByRole('heading', { level: 1, name: '电子面单打印站' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  // The blocked script logs console errors, which openStation fails a test on: a page of its own in
  // the browser host (e2e/desktop-shell.spec.ts checks the same block in the desktop app).
  test('blocks injected inline script and inline event handlers, and reports each', { tag: '@host-only' }, async ({ browser, stationHost }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await recordViolations(page);
    await page.goto(stationHost.url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const outcome = await page.evaluate(async () => {
      const { document, setTimeout } = globalThis as unknown as PageGlobals;
      const script = document.createElement('script');
      script.textContent = 'window.injectedScriptRan = true;';
      document.body.append(script);
      const image = document.createElement('img');
      image.setAttribute('onerror', 'window.injectedScriptRan = true;');
      image.src = 'data:image/png;base64,broken';
      document.body.append(image);
      // Violation events are dispatched asynchronously.
      await new Promise<void>((resolve) => setTimeout(() => resolve(), 200));
      return { ran: (globalThis as unknown as PageGlobals).injectedScriptRan === true };
    });

    expect(outcome).toEqual({ ran: false });
    const reported = await violations(page);
    expect(reported.map((violation) => violation.directive).sort()).toEqual(['script-src-attr', 'script-src-elem']);
    expect(reported.find((violation) => violation.directive === 'script-src-elem')?.blocked).toBe('inline');
    await context.close();
  });
});
