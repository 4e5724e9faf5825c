import { readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { release, tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { isSheetSize, osPrintFailure, PRINT_PAPERS_MM } from './os-printing-types';
import type { OsPrinting, PrintPaper } from './os-printing-types';

/**
 * Printing through the Windows spooler with pdf-to-printer (maintained; it drives the
 * SumatraPDF it ships). Windows has no per-job custom page size: the printer driver defines
 * paper forms, so the job names the driver's form whose size is the label's, and prints unscaled.
 * The guarantee is weaker than CUPS's: print() resolves once SumatraPDF has handed the job to the
 * spooler, and pdf-to-printer gives no job id to follow, so "spooled" is all that is known.
 */

const lengthUnitsMm: Readonly<Record<string, number>> = { mm: 1, cm: 10, in: 25.4, '"': 25.4 };
// `76x130mm`, `76 x 130 mm`, `100*180`, `7.6cm × 13cm`, `4" x 6"`, `4x6in`: width, height, units.
const formSize = /(\d+(?:\.\d+)?)\s*(mm|cm|in|")?\s*[x×*]\s*(\d+(?:\.\d+)?)\s*(mm|cm|in|")?/i;

/**
 * The driver paper form (from the printer's form names) whose size is the label's, within 1 mm
 * either way round; null when the driver has none. Names without a unit are read as millimetres.
 */
export function matchPaperForm(formNames: readonly string[], size: PrintPaper): string | null {
  const label = PRINT_PAPERS_MM[size];
  // Drivers name office sheets (`A4`, `A4 210 x 297 mm`) rather than giving their size.
  const sheetForm = isSheetSize(size) ? formNames.find((name) => new RegExp(`^${size}\\b`, 'i').test(name.trim())) : undefined;
  if (sheetForm) return sheetForm;
  for (const name of formNames) {
    const match = formSize.exec(name);
    if (!match) continue;
    const unit = (match[4] ?? match[2] ?? 'mm').toLowerCase();
    const factor = lengthUnitsMm[unit] ?? 1;
    const [a, b] = [Number(match[1]) * factor, Number(match[3]) * factor];
    const near = (x: number, y: number): boolean => Math.abs(x - y) <= 1;
    if ((near(a, label.width) && near(b, label.height)) || (near(a, label.height) && near(b, label.width))) {
      return name;
    }
  }
  return null;
}

/**
 * The SumatraPDF that pdf-to-printer ships, from the unpacked copy when the app is packaged:
 * Windows cannot run a program from inside an asar archive, and pdf-to-printer's own detection
 * of that case relies on CommonJS's `process.mainModule`, which an ESM main process lacks.
 */
function sumatraPdfPath(): string {
  const dist = dirname(createRequire(import.meta.url).resolve('pdf-to-printer'));
  const program = readdirSync(dist).find((name) => /^SumatraPDF.*\.exe$/i.test(name)) ?? 'SumatraPDF.exe';
  return join(dist, program).replace(`${sep}app.asar${sep}`, `${sep}app.asar.unpacked${sep}`);
}

/** The Windows spooler (loaded only on Windows: pdf-to-printer refuses every other platform). */
export function createWindowsPrinting(): OsPrinting {
  const spooler = () => import('pdf-to-printer');
  const name = 'Windows print spooler';
  const printing: OsPrinting = {
    name,
    tracking: 'spooled',

    // The spooler answers when its printer list can be read.
    async status() {
      const listed = await printing.listPrinters();
      return listed.ok
        ? { available: true, name, version: release(), address: 'local' }
        : { available: false, name, address: 'local', reason: 'not-running', detail: String(listed.error.params['reason']) };
    },

    jobStates: () => Promise.resolve(new Map()),

    async listPrinters() {
      try {
        const { getPrinters, getDefaultPrinter } = await spooler();
        const [printers, defaultPrinter] = await Promise.all([getPrinters(), getDefaultPrinter()]);
        return {
          ok: true,
          data: printers.map((printer) => ({
            name: printer.name,
            isDefault: printer.name === defaultPrinter?.name,
            state: 'unknown' as const,
          })),
        };
      } catch (error) {
        return osPrintFailure('print.os-printers-unreadable', { reason: String(error) });
      }
    },

    async printPdf(job) {
      let folder: string | null = null;
      try {
        const { getDefaultPrinter, getPrinters, print } = await spooler();
        const printer = job.printer
          ? (await getPrinters()).find((candidate) => candidate.name === job.printer)
          : await getDefaultPrinter();
        if (!printer) return osPrintFailure('print.os-printer-not-found', { printer: job.printer });
        const paperSize = matchPaperForm(printer.paperSizes, job.size);
        if (!paperSize) return osPrintFailure('print.os-paper-size-missing', { printer: printer.name, size: job.size });
        // SumatraPDF prints files: the PDF goes through a private temporary folder.
        folder = await mkdtemp(join(tmpdir(), 'waybill-print-'));
        const file = join(folder, `${job.title.replace(/[^\w-]/g, '_')}.pdf`);
        await writeFile(file, job.pdf);
        await print(file, {
          printer: printer.name,
          paperSize,
          scale: 'noscale',
          orientation: 'portrait',
          copies: job.copies ?? 1,
          silent: true,
          sumatraPdfPath: sumatraPdfPath(),
        });
        return { ok: true, data: { printer: printer.name, jobId: null } };
      } catch (error) {
        return osPrintFailure('print.os-print-failed', { printer: job.printer, reason: String(error) });
      } finally {
        if (folder) await rm(folder, { recursive: true, force: true });
      }
    },
  };
  return printing;
}
