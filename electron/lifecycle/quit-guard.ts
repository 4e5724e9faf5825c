/** A job that is still running, as the quit question names it. */
export interface ActiveJob {
  id: string;
  state: string;
}

/**
 * What the quit guard needs from the issuing engine. A "safe point" is a moment where no gateway
 * call is in flight without its pending record and no print task is sent without its record:
 * the engine's cancel-between-calls reaches one.
 */
export interface JobSafePoints {
  /** Jobs issuing or printing now (planned or finished jobs do not hold a quit). */
  activeJobs(): ActiveJob[];
  /** Stops the job between calls; resolves once it is at a safe point. */
  bringToSafePoint(jobId: string): Promise<void>;
}

/** The user's answer to "jobs are running: quit anyway?". */
export type QuitAnswer = 'quit' | 'stay';

/** What happened to a held quit request. */
export type QuitOutcome = 'quit' | 'stayed';

/** What the quit guard is given. */
export interface QuitGuardOptions {
  jobs: JobSafePoints;
  /** Asks the user (a localized dialog in the shell); only called while jobs are running. */
  confirm: (jobs: ActiveJob[]) => Promise<QuitAnswer>;
  /** Quits for real once the jobs are at a safe point (the shell's `app.quit()`). */
  quit: () => void;
  log: { info(event: string, fields?: Record<string, unknown>): void; error(event: string, fields?: Record<string, unknown>): void };
  /** How long to wait for the jobs to reach a safe point before quitting anyway. */
  safePointTimeoutMs?: number;
}

/** Decides every quit request of the app. */
export interface QuitGuard {
  /**
   * Call on every quit request (window close, Cmd+Q, the menu, the OS). True: let it proceed now.
   * False: hold it (prevent the default); the guard asks, stops the jobs, and calls `quit` itself
   * when the user chose to quit, or drops the request when they chose to stay.
   */
  onQuitRequested(): boolean;
  /** The outcome of the request being held now, or null when none is (for tests and logs). */
  pending(): Promise<QuitOutcome> | null;
}

/** Default wait for the jobs to stop: a gateway call times out well within it. */
export const defaultSafePointTimeoutMs = 60_000;

/**
 * The Electron-free logic of quitting while a job runs. With no job running a quit proceeds at
 * once. Otherwise it is held and the user is asked once, however many quit requests arrive
 * meanwhile; "stay" drops the request, "quit" brings every job to a safe point (stopping between
 * calls, so the journal stays exact), then quits. A job that fails or takes too long to stop is
 * logged and does not keep the app open forever: its journal records what was in flight, and
 * the next start reconciles it.
 */
export function createQuitGuard(options: QuitGuardOptions): QuitGuard {
  const timeoutMs = options.safePointTimeoutMs ?? defaultSafePointTimeoutMs;
  // deciding: the question is open; stopping: jobs are being brought to a safe point.
  let state: 'running' | 'deciding' | 'stopping' | 'quitting' = 'running';
  let current: Promise<QuitOutcome> | null = null;

  const settle = async (jobs: ActiveJob[]): Promise<void> => {
    await Promise.all(
      jobs.map(async (job) => {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), timeoutMs);
        });
        try {
          const result = await Promise.race([options.jobs.bringToSafePoint(job.id).then(() => 'safe' as const), timeout]);
          if (result === 'timeout') options.log.error('quit: job did not reach a safe point in time', { jobId: job.id, timeoutMs });
          else options.log.info('quit: job at a safe point', { jobId: job.id });
        } catch (error) {
          options.log.error('quit: job could not be brought to a safe point', { jobId: job.id, error });
        } finally {
          clearTimeout(timer);
        }
      }),
    );
  };

  const decide = async (jobs: ActiveJob[]): Promise<QuitOutcome> => {
    let answer: QuitAnswer;
    try {
      answer = await options.confirm(jobs);
    } catch (error) {
      // A question that cannot be asked must not quit over running jobs.
      options.log.error('quit: could not ask the user', { error });
      answer = 'stay';
    }
    if (answer === 'stay') {
      options.log.info('quit: user stayed while jobs run', { jobs: jobs.map((job) => job.id) });
      state = 'running';
      return 'stayed';
    }
    options.log.info('quit: user quits while jobs run; stopping them', { jobs: jobs.map((job) => job.id) });
    state = 'stopping';
    await settle(jobs);
    state = 'quitting';
    options.quit();
    return 'quit';
  };

  return {
    onQuitRequested: () => {
      if (state === 'quitting') return true;
      if (state === 'deciding' || state === 'stopping') return false;
      const jobs = options.jobs.activeJobs();
      if (jobs.length === 0) {
        state = 'quitting';
        return true;
      }
      state = 'deciding';
      current = decide(jobs).finally(() => {
        current = null;
      });
      return false;
    },
    pending: () => current,
  };
}
