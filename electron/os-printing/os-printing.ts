import { createCupsPrinting } from './cups-printing';
import { osPrintFailure } from './os-printing-types';
import type { OsPrinting } from './os-printing-types';
import { createWindowsPrinting } from './windows-printing';

/** Platforms whose print system is CUPS. */
const cupsPlatforms: readonly NodeJS.Platform[] = ['darwin', 'linux', 'freebsd', 'openbsd', 'netbsd'];

/** The print system of the platform: the Windows spooler, CUPS, or one that refuses politely. */
export function createOsPrinting(platform: NodeJS.Platform = process.platform): OsPrinting {
  if (platform === 'win32') return createWindowsPrinting();
  if (cupsPlatforms.includes(platform)) return createCupsPrinting();
  const unsupported = () => Promise.resolve(osPrintFailure('print.os-platform-unsupported', { platform }));
  const name = `no print system (${platform})`;
  return {
    name,
    tracking: 'spooled',
    status: () => Promise.resolve({ available: false, name, address: '', reason: 'unsupported', detail: `no supported print system on ${platform}` }),
    listPrinters: unsupported,
    printPdf: unsupported,
    jobStates: () => Promise.resolve(new Map()),
  };
}
