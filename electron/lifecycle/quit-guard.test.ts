import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createQuitGuard, type ActiveJob, type JobSafePoints, type QuitAnswer } from './quit-guard';
import { shellLanguageFor, shellTexts } from './shell-texts';

/**
 * Jobs that run until told to stop, then reach their safe point after `stopMs` (the call in
 * flight finishing): the shape of the issuing engine's cancel-between-calls.
 */
function runningJobs(jobs: ActiveJob[], stopMs: number, failing: string[] = []) {
  const events: string[] = [];
  const active = new Map(jobs.map((job) => [job.id, job]));
  const safePoints: JobSafePoints = {
    activeJobs: () => [...active.values()],
    bringToSafePoint: async (jobId) => {
      events.push(`stop ${jobId}`);
      await delay(stopMs);
      if (failing.includes(jobId)) throw new Error(`job ${jobId} failed to stop`);
      active.delete(jobId);
      events.push(`safe ${jobId}`);
    },
  };
  return { safePoints, events, active };
}

function recordingLog() {
  const entries: { level: string; event: string; fields?: Record<string, unknown> }[] = [];
  return {
    entries,
    info: (event: string, fields?: Record<string, unknown>) => entries.push({ level: 'info', event, fields }),
    error: (event: string, fields?: Record<string, unknown>) => entries.push({ level: 'error', event, fields }),
  };
}

/** A user who answers after `ms`, and the questions they were asked. */
function user(answer: QuitAnswer, ms = 5) {
  const asked: ActiveJob[][] = [];
  return {
    asked,
    confirm: async (jobs: ActiveJob[]) => {
      asked.push(jobs);
      await delay(ms);
      return answer;
    },
  };
}

describe('quitting while a job runs', () => {
  it('quits at once, without asking, when no job runs', () => {
    const { safePoints } = runningJobs([], 0);
    const asking = user('stay');
    let quits = 0;
    const guard = createQuitGuard({ jobs: safePoints, confirm: asking.confirm, quit: () => (quits += 1), log: recordingLog() });

    expect(guard.onQuitRequested()).toBe(true);
    expect(guard.onQuitRequested()).toBe(true);
    expect(asking.asked).toEqual([]);
    expect(quits).toBe(0);
    expect(guard.pending()).toBeNull();
  });

  it('holds the quit and asks once, however many requests arrive; "stay" keeps the jobs running', async () => {
    const { safePoints, events, active } = runningJobs([{ id: 'job-1', state: 'issuing' }], 5);
    const asking = user('stay', 20);
    let quits = 0;
    const guard = createQuitGuard({ jobs: safePoints, confirm: asking.confirm, quit: () => (quits += 1), log: recordingLog() });

    expect(guard.onQuitRequested()).toBe(false);
    expect(guard.onQuitRequested()).toBe(false);
    expect(guard.onQuitRequested()).toBe(false);
    await expect(guard.pending()).resolves.toBe('stayed');

    expect(asking.asked).toEqual([[{ id: 'job-1', state: 'issuing' }]]);
    expect(events).toEqual([]);
    expect(active.size).toBe(1);
    expect(quits).toBe(0);
    // A later request asks again.
    expect(guard.onQuitRequested()).toBe(false);
    await guard.pending();
    expect(asking.asked).toHaveLength(2);
  });

  it('on "quit", brings every job to a safe point first and only then quits; later requests go through', async () => {
    const { safePoints, events, active } = runningJobs(
      [
        { id: 'job-1', state: 'issuing' },
        { id: 'job-2', state: 'printing' },
      ],
      30,
    );
    const asking = user('quit');
    const quitAt: string[][] = [];
    const log = recordingLog();
    const guard = createQuitGuard({ jobs: safePoints, confirm: asking.confirm, quit: () => quitAt.push([...events]), log });

    expect(guard.onQuitRequested()).toBe(false);
    const outcome = guard.pending();
    await delay(15);
    // Stopping is under way: another request (Cmd+Q again) must not cut it short.
    expect(events).toEqual(['stop job-1', 'stop job-2']);
    expect(guard.onQuitRequested()).toBe(false);
    await expect(outcome).resolves.toBe('quit');

    expect(quitAt).toEqual([['stop job-1', 'stop job-2', 'safe job-1', 'safe job-2']]);
    expect(active.size).toBe(0);
    expect(guard.onQuitRequested()).toBe(true);
    expect(log.entries.map((entry) => entry.event)).toContain('quit: user quits while jobs run; stopping them');
  });

  it('still quits when a job fails to stop or takes too long, and logs which', async () => {
    const { safePoints } = runningJobs(
      [
        { id: 'job-fails', state: 'issuing' },
        { id: 'job-slow', state: 'issuing' },
      ],
      10,
      ['job-fails'],
    );
    const stopSlowJob = new AbortController();
    const slow: JobSafePoints = {
      activeJobs: safePoints.activeJobs,
      bringToSafePoint: (jobId) => (jobId === 'job-slow' ? delay(5_000, undefined, { signal: stopSlowJob.signal }).catch(() => undefined) : safePoints.bringToSafePoint(jobId)),
    };
    const log = recordingLog();
    let quits = 0;
    const guard = createQuitGuard({ jobs: slow, confirm: user('quit').confirm, quit: () => (quits += 1), log, safePointTimeoutMs: 50 });

    guard.onQuitRequested();
    await expect(guard.pending()).resolves.toBe('quit');
    stopSlowJob.abort();

    expect(quits).toBe(1);
    const errors = log.entries.filter((entry) => entry.level === 'error');
    expect(errors).toEqual([
      expect.objectContaining({ event: 'quit: job could not be brought to a safe point', fields: expect.objectContaining({ jobId: 'job-fails' }) }),
      expect.objectContaining({ event: 'quit: job did not reach a safe point in time', fields: { jobId: 'job-slow', timeoutMs: 50 } }),
    ]);
  });

  it('stays when the question itself fails', async () => {
    const { safePoints, active } = runningJobs([{ id: 'job-1', state: 'issuing' }], 1);
    let quits = 0;
    const guard = createQuitGuard({
      jobs: safePoints,
      confirm: () => Promise.reject(new Error('no display')),
      quit: () => (quits += 1),
      log: recordingLog(),
    });
    guard.onQuitRequested();
    await expect(guard.pending()).resolves.toBe('stayed');
    expect(quits).toBe(0);
    expect(active.size).toBe(1);
  });

  it('asks in the UI language, naming how many jobs run', () => {
    expect(shellTexts('zh-CN').quitWhileJobsRun(2)).toMatchObject({ message: '有 2 个取号/打印任务正在进行。仍要退出吗？', buttons: ['停止任务并退出', '继续工作'] });
    expect(shellTexts('en').quitWhileJobsRun(1).message).toBe('An issuing or printing job is running. Quit anyway?');
    expect(shellTexts('en').quitWhileJobsRun(3)).toMatchObject({ buttons: ['Stop jobs and quit', 'Keep working'], safe: 1 });
    // Enter, Escape or closing the box never quits, and never restarts after an error.
    expect(shellTexts('zh-CN').quitWhileJobsRun(1).safe).toBe(1);
    expect(shellTexts('en').unexpectedError('boom', '/logs/station.log')).toMatchObject({ buttons: ['Keep working', 'Restart'], safe: 0 });
    expect(shellLanguageFor(null, ['zh-TW', 'en-US'])).toBe('zh-CN');
    expect(shellLanguageFor(null, ['de-DE'])).toBe('en');
    expect(shellLanguageFor('en', ['zh-CN'])).toBe('en');
  });
});
