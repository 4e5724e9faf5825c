import { execFile } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { LABEL_SIZES_MM, POINTS_PER_MM } from '../labels/label-input';
import type { LabelInput, LabelSize } from '../labels/label-input';
import { createLabelRenderer } from '../labels/label-renderer';
import { SAMPLE_LABEL_INPUTS } from '../labels/sample-labels';
import { pdfPageSizes, rasterizePdf } from '../labels/testing/pdf-inspection';
import { readCode128 } from '../labels/testing/raster-inspection';
import { createCupsPrinting, cupsMedia } from './cups-printing';
import { CUPS_PDF_QUEUE, takeCupsPdfOutput } from './testing/cups-pdf-queue';

const run = promisify(execFile);

// These tests print through the machine's real CUPS into a cups-pdf queue: run
// `.ci/cups-setup.sh` first (CI does). Without CUPS they fail; they never skip.
const printing = createCupsPrinting();
const renderer = createLabelRenderer();

/** A sample label with a waybill number of its own, so that its output file is found unambiguously. */
function uniqueLabel(): LabelInput {
  const base = SAMPLE_LABEL_INPUTS[0] as LabelInput;
  const waybillCode = `7310${String(randomInt(1e9)).padStart(10, '0')}`;
  return { ...base, data: { ...base.data, waybillCode } };
}

describe('CUPS printing', () => {
  it('names the label size as a custom CUPS media in millimetres', () => {
    expect(cupsMedia('76x130')).toBe('Custom.76x130mm');
    expect(cupsMedia('100x180')).toBe('Custom.100x180mm');
  });

  it('names office sheets (packing slips, picking lists) by their standard media names', () => {
    expect(cupsMedia('A4')).toBe('A4');
    expect(cupsMedia('A5')).toBe('A5');
  });

  it('lists the system printers, the cups-pdf queue among them', async () => {
    const outcome = await printing.listPrinters();
    expect(outcome).toMatchObject({ ok: true });
    if (!outcome.ok) return;
    expect(outcome.data).toContainEqual(expect.objectContaining({ name: CUPS_PDF_QUEUE, state: 'idle' }));
  });

  it.each<LabelSize>(['76x130', '100x180'])(
    'prints a %s label that comes out of the queue at the label size, its barcode intact',
    async (size) => {
      const input = uniqueLabel();
      const title = input.data.waybillCode;
      const outcome = await printing.printPdf({
        printer: CUPS_PDF_QUEUE,
        pdf: await renderer.renderPdf(input, size),
        size,
        title,
      });
      expect(outcome).toMatchObject({ ok: true, data: { printer: CUPS_PDF_QUEUE } });
      if (!outcome.ok) return;
      expect(outcome.data.jobId).toMatch(new RegExp(`^${CUPS_PDF_QUEUE}-\\d+$`));

      const printed = await takeCupsPdfOutput(title);
      // cups-pdf re-renders the job through Ghostscript, which rounds the page to whole points.
      const [page] = await pdfPageSizes(printed);
      expect(Math.abs((page?.width ?? 0) - LABEL_SIZES_MM[size].width * POINTS_PER_MM)).toBeLessThanOrEqual(1);
      expect(Math.abs((page?.height ?? 0) - LABEL_SIZES_MM[size].height * POINTS_PER_MM)).toBeLessThanOrEqual(1);
      expect(await readCode128(await rasterizePdf(printed, 203))).toContain(title);
    },
  );

  it('tells that the scheduler answers, and its version', async () => {
    expect(printing).toMatchObject({ name: 'CUPS', tracking: 'job-state' });
    expect(await printing.status()).toEqual({ available: true, name: 'CUPS', version: expect.stringMatching(/^\d+\.\d+/), address: expect.any(String) });
  });

  it('tells what became of its jobs: completed, canceled, still waiting, or unknown to it', async () => {
    const input = uniqueLabel();
    const printed = await printing.printPdf({ printer: CUPS_PDF_QUEUE, pdf: await renderer.renderPdf(input, '76x130'), size: '76x130', title: input.data.waybillCode });
    if (!printed.ok || printed.data.jobId === null) throw new Error(`not printed: ${JSON.stringify(printed)}`);
    const completed = printed.data.jobId;
    // A job held in the queue, then canceled: lpstat lists it among the completed ones.
    const stdout = await new Promise<string>((resolve, reject) => {
      const lp = execFile('lp', ['-d', CUPS_PDF_QUEUE, '-H', 'hold', '-t', 'held-then-canceled'], { env: { ...process.env, LC_ALL: 'C' } }, (error, out) =>
        error ? reject(error) : resolve(out),
      );
      lp.stdin?.end('a job held in the queue\n');
    });
    const held = /request id is (\S+)/.exec(stdout)?.[1] ?? '';
    expect(held).toMatch(new RegExp(`^${CUPS_PDF_QUEUE}-\\d+$`));
    expect((await printing.jobStates([held])).get(held)).toEqual({ kind: 'in-progress', message: expect.any(String) });
    await run('cancel', [held]);
    const unknown = `${CUPS_PDF_QUEUE}-999999999`;

    await takeCupsPdfOutput(input.data.waybillCode);
    // cups-pdf has written the file; CUPS marks the job completed once the backend has exited.
    let final = await printing.jobStates([completed, held, unknown]);
    for (const deadline = Date.now() + 20_000; final.get(completed)?.kind === 'in-progress' && Date.now() < deadline; ) {
      await sleep(100);
      final = await printing.jobStates([completed, held, unknown]);
    }
    expect(Object.fromEntries(final)).toEqual({ [completed]: { kind: 'completed' }, [held]: { kind: 'canceled', message: expect.any(String) } });
  });

  it('says so when the scheduler cannot be reached, instead of listing no printers', async () => {
    const reachable = process.env['CUPS_SERVER'];
    process.env['CUPS_SERVER'] = join(tmpdir(), 'no-cupsd-here.sock');
    try {
      expect(await printing.status()).toEqual({
        available: false,
        name: 'CUPS',
        address: join(tmpdir(), 'no-cupsd-here.sock'),
        reason: 'not-running',
        detail: expect.stringContaining('does not answer'),
      });
      await expect(printing.jobStates(['WaybillPDF-1'])).rejects.toThrow();
      const listed = await printing.listPrinters();
      expect(listed).toMatchObject({ ok: false, error: { code: 'print.os-printers-unreadable' } });
      const printed = await printing.printPdf({
        printer: CUPS_PDF_QUEUE,
        pdf: await renderer.renderPdf(uniqueLabel(), '76x130'),
        size: '76x130',
        title: 'never-printed',
      });
      expect(printed).toMatchObject({ ok: false, error: { code: 'print.os-print-failed' } });
    } finally {
      if (reachable === undefined) delete process.env['CUPS_SERVER'];
      else process.env['CUPS_SERVER'] = reachable;
    }
  });

  it('reports a printer that does not exist by name', async () => {
    const outcome = await printing.printPdf({
      printer: 'No_Such_Printer',
      pdf: await renderer.renderPdf(uniqueLabel(), '76x130'),
      size: '76x130',
      title: 'never-printed',
    });
    expect(outcome).toEqual({
      ok: false,
      error: { code: 'print.os-printer-not-found', params: { printer: 'No_Such_Printer' } },
    });
  });
});
