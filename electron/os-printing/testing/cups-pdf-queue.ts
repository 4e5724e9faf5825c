import { randomUUID } from 'node:crypto';
import { readdir, readFile, rename, rm, stat } from 'node:fs/promises';
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
 * Waits for the PDF of a job with this title (a name made of letters, digits and dashes, which
 * cups-pdf keeps as they are) and returns its bytes, deleting the file. The file appears
 * asynchronously, once CUPS has run the job; it is taken once its size stops changing. Two tests
 * running at once may print jobs of one title (the sandbox's orders and waybill numbers follow its
 * seed): each file is claimed by renaming it first, so each test takes one, never both the same.
 */
export async function takeCupsPdfOutput(title: string, timeoutMs = 20_000): Promise<Uint8Array> {
  const deadline = Date.now() + timeoutMs;
  const sizes = new Map<string, number>();
  while (Date.now() < deadline) {
    const names = (await readdir(CUPS_PDF_OUT_DIR).catch(() => [])).filter((entry) => entry.startsWith(title) && entry.endsWith('.pdf'));
    for (const name of names) {
      const path = join(CUPS_PDF_OUT_DIR, name);
      const size = await stat(path).then((found) => found.size, () => null);
      if (size === null) continue;
      if (size > 0 && size === sizes.get(name)) {
        const claimed = `${path}.taken-${process.pid}-${randomUUID()}`;
        const won = await rename(path, claimed).then(() => true, () => false);
        if (!won) continue;
        const pdf = new Uint8Array(await readFile(claimed));
        await rm(claimed, { force: true });
        return pdf;
      }
      sizes.set(name, size);
    }
    await sleep(200);
  }
  throw new Error(`no PDF for job "${title}" appeared in ${CUPS_PDF_OUT_DIR} within ${timeoutMs} ms`);
}
