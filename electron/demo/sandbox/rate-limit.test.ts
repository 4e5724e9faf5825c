import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { GATEWAY_MESSAGES } from '../../../shared/gateway/envelope-codes';
import { startSandbox, type RunningSandbox } from './index';
import { SlidingWindowLimiter } from './rate-limit';
import { callEndpoint } from './testing/test-requests';

describe('sliding-window limiter (clock driven by the test)', () => {
  const limiterAt = () => {
    let now = 0;
    const limiter = new SlidingWindowLimiter(10, 1000, () => now);
    return { limiter, at: (ms: number) => (now = ms) };
  };
  const burst = (limiter: SlidingWindowLimiter, count: number, key = 'token') => Array.from({ length: count }, () => limiter.tryAcquire(key));

  it('admits 10 calls in a second and refuses the 11th', () => {
    const { limiter, at } = limiterAt();
    at(0);
    expect(burst(limiter, 10)).toEqual(Array(10).fill(true));
    at(999);
    expect(limiter.tryAcquire('token')).toBe(false);
  });

  it('refuses 10 calls at 1.1 s after 10 at 0.9 s: any window counts, not fixed buckets', () => {
    const { limiter, at } = limiterAt();
    at(900);
    expect(burst(limiter, 10).every(Boolean)).toBe(true);
    at(1100);
    expect(burst(limiter, 10).some(Boolean)).toBe(false);
    at(1899);
    expect(limiter.tryAcquire('token')).toBe(false);
    // One full second after the first ten, the window (half-open: (now − 1 s, now]) has room again.
    at(1900);
    expect(burst(limiter, 10).every(Boolean)).toBe(true);
  });

  it('keeps one budget per token, and refused calls do not extend the refusal', () => {
    const { limiter, at } = limiterAt();
    at(0);
    burst(limiter, 10, 'a');
    expect(limiter.tryAcquire('b')).toBe(true);
    at(500);
    expect(burst(limiter, 5, 'a').some(Boolean)).toBe(false);
    at(1001);
    expect(limiter.tryAcquire('a')).toBe(true);
  });
});

describe('rate limit over HTTP', () => {
  let sandbox: RunningSandbox | null = null;
  afterEach(async () => {
    await sandbox?.close();
    sandbox = null;
  });

  const subscription = (running: RunningSandbox, token?: string | null) => callEndpoint(running, 'subscription', { nick: running.sellerNick }, { token });

  it('lets 10 calls through and answers the 11th within the same second with 202, counting a violation', async () => {
    const running = (sandbox = await startSandbox({ orders: 10 }));
    const ten = await Promise.all(Array.from({ length: 10 }, () => subscription(running)));
    expect(ten.map((answer) => answer.envelope.code)).toEqual(Array(10).fill(0));
    const eleventh = await subscription(running);
    const last = running.calls().at(-1);
    expect(eleventh.envelope.code).toBe(202);
    expect(last).toMatchObject({ code: 202, rateLimited: true });
    expect(running.violations()).toBe(1);
    // Not processed: the refused call was not charged.
    expect(running.pointsBalance()).toBe(100_000 - 10);
  });

  it('says "rate limit exceeded" in the 202 message', async () => {
    const running = (sandbox = await startSandbox({ orders: 10 }));
    const answers = await Promise.all(Array.from({ length: 12 }, () => subscription(running)));
    const limited = answers.filter((answer) => answer.envelope.code === 202);
    expect(limited).toHaveLength(2);
    expect(limited.every((answer) => answer.envelope.msg === GATEWAY_MESSAGES.rateLimitExceeded)).toBe(true);
    expect(running.violations()).toBe(2);
  });

  it('refuses 10 calls at 1.1 s of a clock second after 10 at 0.9 s (the fixed-bucket edge)', async () => {
    const running = (sandbox = await startSandbox({ orders: 10 }));
    const waitForMillisecond = async (target: number) => {
      const delay = (target - (Date.now() % 1000) + 1000) % 1000;
      await sleep(delay);
    };
    await waitForMillisecond(900);
    const firstAt = Date.now();
    const first = await Promise.all(Array.from({ length: 10 }, () => subscription(running)));
    // 0.2 s after the first ten, across the clock second's edge (at once if already past).
    await sleep(Math.max(0, firstAt + 200 - Date.now()));
    const second = await Promise.all(Array.from({ length: 10 }, () => subscription(running)));
    expect(first.map((answer) => answer.envelope.code)).toEqual(Array(10).fill(0));
    expect(second.map((answer) => answer.envelope.code)).toEqual(Array(10).fill(202));
    expect(running.violations()).toBe(10);
  });

  it('counts per token, and counts calls before checking the token', async () => {
    const running = (sandbox = await startSandbox({ orders: 10 }));
    const wrong = await Promise.all(Array.from({ length: 11 }, () => subscription(running, 'someone-elses-token')));
    expect(wrong.map((answer) => answer.envelope.code).sort((a, b) => a - b)).toEqual([202, ...Array(10).fill(401)]);
    expect((await subscription(running)).envelope.code).toBe(0);
  });
});
