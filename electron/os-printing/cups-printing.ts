import { execFile } from 'node:child_process';
import { cupsJobs, cupsServerVersion, describeCupsServer, IPP_JOB_STATE, parseCupsServer } from './cups-ipp';
import type { CupsJobAttributes, CupsServer } from './cups-ipp';
import { isSheetSize, osPrintFailure, PRINT_PAPERS_MM } from './os-printing-types';
import type { PrintPaper, OsJobState, OsPrinterInfo, OsPrinting, OsPrintOutcome, OsPrintSystemStatus } from './os-printing-types';

/**
 * Printing through CUPS (macOS, Linux) with CUPS's own command-line clients, `lp` and `lpstat`,
 * run with execFile and argument arrays (no shell). Why not an npm package: the maintained-looking
 * one (unix-print) builds a shell command line from the file and printer names (an injection
 * risk) and clears PATH; the IPP and native-addon packages are unmaintained. `lp` and `lpstat`
 * ship with every CUPS install, and their output is stable in the C locale we run them in. What
 * became of a job is asked over IPP (cups-ipp.ts): no CUPS command prints a job's exact state.
 */

/** The CUPS media name of a paper: a label size as a custom size in millimetres (`Custom.76x130mm`), a sheet by its name (`A4`). */
export function cupsMedia(size: PrintPaper): string {
  if (isSheetSize(size)) return size;
  const { width, height } = PRINT_PAPERS_MM[size];
  return `Custom.${width}x${height}mm`;
}

interface CommandResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** The command itself is not installed. */
  missing: boolean;
}

const commandTimeoutMs = 30_000;

/** Runs a CUPS client in the C locale, optionally feeding it standard input; never rejects. */
function runCommand(command: string, args: readonly string[], input?: Uint8Array): Promise<CommandResult> {
  return new Promise((resolve) => {
    const child = execFile(
      command,
      args,
      { env: { ...process.env, LC_ALL: 'C', LANG: 'C' }, timeout: commandTimeoutMs, encoding: 'utf8' },
      (error, stdout, stderr) => {
        const code = (error as NodeJS.ErrnoException | null)?.code;
        resolve({
          exitCode: error ? (typeof code === 'number' ? code : 1) : 0,
          stdout,
          stderr,
          missing: code === 'ENOENT',
        });
      },
    );
    // A job that fails early closes stdin under us; the exit status tells what happened.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(input);
  });
}

/** The first line of a client's complaint, without the `lp:` / `lpstat:` prefix. */
function complaint(result: CommandResult): string {
  const line = (result.stderr.trim() || result.stdout.trim()).split('\n')[0] ?? '';
  return line.replace(/^\w+:\s*(Error - )?/, '') || `exit status ${result.exitCode}`;
}

const queueState = /^printer (\S+) (?:(is idle)|(now printing)|(disabled))/;

async function schedulerRunning(): Promise<boolean> {
  return (await runCommand('lpstat', ['-r'])).stdout.trim() === 'scheduler is running';
}

/**
 * The scheduler every CUPS client of this process talks to, as `lpstat -H` names it: asked each
 * time, so that a changed CUPS_SERVER or client.conf applies as it does to `lp`.
 */
async function cupsServer(): Promise<{ server: CupsServer | null; address: string; missing: boolean }> {
  const result = await runCommand('lpstat', ['-H']);
  const address = result.stdout.trim();
  return { server: result.exitCode === 0 ? parseCupsServer(address) : null, address, missing: result.missing };
}

/** A CUPS job state as the print system's job states. */
function jobStateOf(job: CupsJobAttributes): OsJobState {
  if (job.state === IPP_JOB_STATE.completed) return { kind: 'completed' };
  if (job.state === IPP_JOB_STATE.canceled) return { kind: 'canceled', message: job.message };
  if (job.state === IPP_JOB_STATE.aborted) return { kind: 'aborted', message: job.message };
  return { kind: 'in-progress', message: job.message };
}

/** The job number of a CUPS request id (`WaybillPDF-12` → 12); null for anything else. */
function jobNumber(jobId: string): number | null {
  const digits = /-(\d+)$/.exec(jobId)?.[1];
  return digits === undefined ? null : Number(digits);
}

/** The CUPS print system. */
export function createCupsPrinting(): OsPrinting {
  const name = 'CUPS';
  return {
    name,
    tracking: 'job-state',

    async status(): Promise<OsPrintSystemStatus> {
      const { server, address, missing } = await cupsServer();
      if (missing) return { available: false, name, address: '', reason: 'missing', detail: 'the lpstat command is not installed' };
      if (!server) return { available: false, name, address, reason: 'not-running', detail: `cannot read the CUPS server address “${address}”` };
      const where = describeCupsServer(server);
      try {
        return { available: true, name, version: await cupsServerVersion(server), address: where };
      } catch (error) {
        const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
        return { available: false, name, address: where, reason: 'not-running', detail: `the CUPS scheduler at ${where} does not answer (${reason})` };
      }
    },

    async jobStates(jobIds) {
      const { server, address } = await cupsServer();
      if (!server) throw new Error(`cannot read the CUPS server address “${address}”`);
      const jobs = await cupsJobs(server);
      const states = new Map<string, OsJobState>();
      for (const jobId of jobIds) {
        const job = jobs.get(jobNumber(jobId) ?? -1);
        if (job) states.set(jobId, jobStateOf(job));
      }
      return states;
    },

    async listPrinters(): Promise<OsPrintOutcome<OsPrinterInfo[]>> {
      const [names, defaults, states] = await Promise.all([
        runCommand('lpstat', ['-e']),
        runCommand('lpstat', ['-d']),
        // The long form adds each queue's printer-state-reasons on an `Alerts:` line.
        runCommand('lpstat', ['-l', '-p']),
      ]);
      if (names.missing) return osPrintFailure('print.os-print-system-missing', { command: 'lpstat' });
      // `lpstat -e` lists nothing, successfully, when the scheduler is down; `lpstat -p` says why.
      for (const result of [names, states]) {
        if (result.exitCode !== 0 && !/no destinations added/i.test(result.stderr)) {
          return osPrintFailure('print.os-printers-unreadable', { reason: complaint(result) });
        }
      }
      const defaultName = /^system default destination: (\S+)/m.exec(defaults.stdout)?.[1];
      const stateOf = new Map<string, OsPrinterInfo['state']>();
      const reasonsOf = new Map<string, string[]>();
      let current: string | null = null;
      for (const line of states.stdout.split('\n')) {
        const match = queueState.exec(line);
        if (match?.[1]) {
          current = match[1];
          stateOf.set(current, match[2] ? 'idle' : match[3] ? 'printing' : 'disabled');
        }
        const alerts = /^\s+Alerts:\s*(.*)$/.exec(line)?.[1];
        if (current && alerts !== undefined) reasonsOf.set(current, alerts.split(/\s+/).filter((reason) => reason !== '' && reason !== 'none'));
      }
      const printers = names.stdout
        .split('\n')
        .map((name) => name.trim())
        .filter(Boolean)
        .map((name) => ({ name, isDefault: name === defaultName, state: stateOf.get(name) ?? 'unknown', reasons: reasonsOf.get(name) ?? [] }));
      return { ok: true, data: printers };
    },

    async printPdf(job) {
      const args = [...(job.printer ? ['-d', job.printer] : []), '-t', job.title, '-n', String(job.copies ?? 1)];
      // The page size is given explicitly, and printed unscaled: barcode bars keep their widths.
      args.push('-o', `media=${cupsMedia(job.size)}`, '-o', 'print-scaling=none');
      const result = await runCommand('lp', args, job.pdf);
      if (result.missing) return osPrintFailure('print.os-print-system-missing', { command: 'lp' });
      if (result.exitCode !== 0) {
        // lp also says the printer does not exist when it cannot reach the scheduler at all.
        const unknownPrinter = /printer or class does not exist/i.test(result.stderr) && (await schedulerRunning());
        return unknownPrinter
          ? osPrintFailure('print.os-printer-not-found', { printer: job.printer })
          : osPrintFailure('print.os-print-failed', { printer: job.printer, reason: complaint(result) });
      }
      return { ok: true, data: { printer: job.printer, jobId: /request id is (\S+)/.exec(result.stdout)?.[1] ?? null } };
    },
  };
}
