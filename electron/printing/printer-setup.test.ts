import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { pdfText } from '../labels/testing/pdf-inspection';
import { createCainiaoPrintComponent } from './cainiao/cainiao-print-component';
import type { PrintComponent } from './print-component';
import { isPrinterDisabled } from '../../shared/domain/printing';
import { calibratePrinter, choosePrinter, listPrinters, printTestLabel } from './printer-setup';
import { startTestEmulator, waitFor } from './testing/print-test-kit';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(options: Parameters<typeof startTestEmulator>[0] = {}) {
  const emulated = await startTestEmulator(options);
  cleanups.push(() => emulated.dispose());
  const component: PrintComponent = createCainiaoPrintComponent({ url: emulated.url, backoff: { initialDelayMs: 20, maxDelayMs: 100 } });
  component.connect();
  cleanups.push(() => component.close());
  await waitFor(() => component.state().kind === 'connected', 'the connection');
  return { emulated, component };
}

describe('printer settings hooks', () => {
  it('lists printers and resolves the stored choice, falling back to the default when it is gone', async () => {
    const { component } = await setup({ noRender: true });
    expect(await listPrinters(component, 'HPRT N41')).toMatchObject({ effective: 'HPRT N41', storedMissing: false, defaultPrinter: 'Deli DL-888T (76×130)' });
    expect(await listPrinters(component, 'Old Printer')).toMatchObject({ effective: 'Deli DL-888T (76×130)', storedMissing: true });
    expect(await listPrinters(component, null)).toMatchObject({ effective: 'Deli DL-888T (76×130)', storedMissing: false });
    expect((await listPrinters(component, null)).printers).toHaveLength(3);
  });

  it('never chooses by default a printer the component reports disabled, and marks it', async () => {
    const printers = [
      { name: 'Deli DL-888T (76×130)', paperSize: { width: 76, height: 130 }, disabled: true },
      { name: 'Xprinter XP-460B (100×180)', paperSize: { width: 100, height: 180 } },
    ];
    const { component } = await setup({ noRender: true, printers });
    const listed = await listPrinters(component, null);
    expect(listed).toMatchObject({ defaultPrinter: 'Deli DL-888T (76×130)', effective: 'Xprinter XP-460B (100×180)' });
    expect(listed.printers.filter(isPrinterDisabled).map((printer) => printer.name)).toEqual(['Deli DL-888T (76×130)']);
    // A choice the user made stays theirs (the UI marks it disabled).
    expect((await listPrinters(component, 'Deli DL-888T (76×130)')).effective).toBe('Deli DL-888T (76×130)');
  });

  it('accepts only a printer the component offers as the choice', async () => {
    const { component } = await setup({ noRender: true });
    expect(await choosePrinter(component, 'Xprinter XP-460B (100×180)')).toEqual({ ok: true, printer: 'Xprinter XP-460B (100×180)' });
    expect(await choosePrinter(component, 'Xprinter')).toEqual({ ok: false, reason: 'not-offered' });
  });

  it('prints a test label and waits until it printed', async () => {
    const { emulated, component } = await setup();
    const result = await printTestLabel(component, { printer: 'Xprinter XP-460B (100×180)' });
    expect(result).toMatchObject({ outcome: 'printed', documentId: expect.stringMatching(/^TEST/) });
    const [printed] = emulated.printed();
    expect(printed).toMatchObject({ documentId: result.documentId, printer: 'Xprinter XP-460B (100×180)' });
    const text = await pdfText(new Uint8Array(await readFile(printed?.file as string)));
    expect(text).toContain(result.documentId);
    expect(text).toContain('测试收件人');
  });

  it('reports a test label that failed, with code and detail', async () => {
    const { emulated, component } = await setup({ noRender: true });
    await emulated.setFault({ kind: 'paper-out', count: 1 });
    expect(await printTestLabel(component, { printer: '' })).toMatchObject({ outcome: 'failed', failure: { code: 50, detail: 'Printer out of paper.' } });
  });

  it('calibrates offsets through getPrinterConfig and setPrinterConfig, keeping the paper size', async () => {
    const { emulated, component } = await setup({ noRender: true });
    const config = await calibratePrinter(component, 'HPRT N41', { horizontalOffset: -1.5, verticalOffset: 2.25 });
    expect(config).toMatchObject({ name: 'HPRT N41', horizontalOffset: -1.5, verticalOffset: 2.25, paperSize: { width: 100, height: 180 } });
    await expect(calibratePrinter(component, 'HPRT N41', { horizontalOffset: 31, verticalOffset: 0 })).rejects.toThrow(RangeError);
    await expect(calibratePrinter(component, 'HPRT N41', { horizontalOffset: 0, verticalOffset: Number.NaN })).rejects.toThrow(RangeError);
    expect(emulated.commandCounts()['setPrinterConfig']).toBe(1);
  });
});
