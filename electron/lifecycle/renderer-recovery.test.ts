import { describe, expect, it } from 'vitest';
import { createRendererRecovery } from './renderer-recovery';

describe('a renderer that went away', () => {
  it('reloads after a crash, ignores a clean exit, and gives up on a crash loop', () => {
    let now = 0;
    const recovery = createRendererRecovery({ maxReloads: 3, windowMs: 60_000, now: () => now });

    expect(recovery.onGone({ reason: 'clean-exit', exitCode: 0 })).toBe('ignore');
    expect(recovery.onGone({ reason: 'crashed', exitCode: 139 })).toBe('reload');
    now += 10_000;
    expect(recovery.onGone({ reason: 'oom', exitCode: 1 })).toBe('reload');
    now += 10_000;
    expect(recovery.onGone({ reason: 'killed', exitCode: 9 })).toBe('reload');
    now += 10_000;
    expect(recovery.onGone({ reason: 'crashed', exitCode: 139 })).toBe('give-up');
    // Once the earlier crashes are a minute old, a new crash reloads again.
    now += 31_000;
    expect(recovery.onGone({ reason: 'crashed', exitCode: 139 })).toBe('reload');
  });
});
