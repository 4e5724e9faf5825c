import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The cups-pdf print queue that `.ci/cups-setup.sh` creates, for tests that print for real: a
 * job sent to it comes out, some time later, as a PDF file named after the job title in its
 * output folder. Both names are read from the environment with the script's defaults.
 */

/** The cups-pdf queue's name. */
export const CUPS_PDF_QUEUE = process.env['CUPS_PDF_QUEUE'] ?? 'WaybillPDF';

/** The folder cups-pdf writes its PDFs to. */
export const CUPS_PDF_OUT_DIR = process.env['CUPS_PDF_OUT_DIR'] ?? '/var/spool/cups-pdf/WAYBILL';

/**
 * Waits for the PDF of the job with this title (a name made of letters, digits and dashes, which
 * cups-pdf keeps as they are) and returns its bytes, deleting the file. The file appears
 * asynchronously, once CUPS has run the job; it is read once its size stops changing.
 */
export async function takeCupsPdfOutput(title: string, timeoutMs = 20_000): Promise<Uint8Array> {
  const deadline = Date.now() + timeoutMs;
  let lastSize = -1;
  while (Date.now() < deadline) {
    const name = (await readdir(CUPS_PDF_OUT_DIR).catch(() => [])).find(
      (entry) => entry.startsWith(title) && entry.endsWith('.pdf'),
    );
    if (name) {
      const path = join(CUPS_PDF_OUT_DIR, name);
      const { size } = await stat(path);
      if (size > 0 && size === lastSize) {
        const pdf = new Uint8Array(await readFile(path));
        await rm(path, { force: true });
        return pdf;
      }
      lastSize = size;
    }
    await sleep(200);
  }
  throw new Error(`no PDF for job "${title}" appeared in ${CUPS_PDF_OUT_DIR} within ${timeoutMs} ms`);
}
