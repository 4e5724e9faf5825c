import { describe, expect, it } from 'vitest';
import { MAX_AUTOMATIC_SENDS } from '../../../shared/domain/printing';
import { printWaitOf } from './print-wait';

describe('printWaitOf', () => {
  it('says a label of open outcome waits for the output it was sent to when the other one is chosen', () => {
    const sentToComponent = { printState: 'unknown', printOutput: 'print-component', printAutomaticSends: 1 } as const;
    expect(printWaitOf(sentToComponent, 'os-printer')).toEqual({ kind: 'other-output', output: 'print-component' });
    expect(printWaitOf({ ...sentToComponent, printState: 'accepted' }, 'os-printer')).toEqual({ kind: 'other-output', output: 'print-component' });
    expect(printWaitOf(sentToComponent, 'print-component')).toBeNull();
    // Settled labels and labels that never left wait for nothing.
    expect(printWaitOf({ ...sentToComponent, printState: 'printed' }, 'os-printer')).toBeNull();
    expect(printWaitOf({ printState: 'queued', printOutput: null, printAutomaticSends: 0 }, 'os-printer')).toBeNull();
  });

  it('says a failed label stopped once the queue sent it as often as it does by itself', () => {
    expect(printWaitOf({ printState: 'failed', printOutput: 'print-component', printAutomaticSends: MAX_AUTOMATIC_SENDS }, 'print-component')).toEqual({ kind: 'stopped', sends: MAX_AUTOMATIC_SENDS });
    expect(printWaitOf({ printState: 'failed', printOutput: 'print-component', printAutomaticSends: 1 }, 'print-component')).toBeNull();
  });
});
