import { describe, expect, it } from 'vitest';
import { createOsPrinting } from './os-printing';
import { CUPS_PDF_QUEUE } from './testing/cups-pdf-queue';

describe('the print system of the platform', () => {
  it('is CUPS on Linux: it lists the real queues', async () => {
    const outcome = await createOsPrinting('linux').listPrinters();
    expect(outcome).toMatchObject({ ok: true });
    if (outcome.ok) expect(outcome.data.map((printer) => printer.name)).toContain(CUPS_PDF_QUEUE);
  });

  it('refuses, with a typed error, on a platform without a supported print system', async () => {
    const printing = createOsPrinting('android');
    const failure = { ok: false, error: { code: 'print.os-platform-unsupported', params: { platform: 'android' } } };
    expect(await printing.listPrinters()).toEqual(failure);
    expect(await printing.printPdf({ printer: 'P', pdf: new Uint8Array(), size: '76x130', title: 't' })).toEqual(failure);
    expect(await printing.status()).toMatchObject({ available: false, reason: 'unsupported' });
  });
});
