import { describe, expect, it } from 'vitest';
import { componentStatus } from './component-status';

const url = 'ws://127.0.0.1:13528';

describe('print component status', () => {
  it('reads connected and connecting as they are', () => {
    expect(componentStatus({ kind: 'connected', url, agentVersion: '1.0', failureNotices: true })).toEqual({ kind: 'connected' });
    expect(componentStatus({ kind: 'connecting', url, attempt: 2 })).toEqual({ kind: 'connecting' });
  });

  it('names the error whose remedy says how to get printing back', () => {
    const offline = { kind: 'offline', url, detail: 'ECONNREFUSED', retryInMs: 1000, since: 0 } as const;
    expect(componentStatus({ ...offline, reason: 'not-running' })).toEqual({ kind: 'offline', error: { code: 'print.component-not-running', params: { url }, retryable: true } });
    expect(componentStatus({ ...offline, reason: 'closed' })).toMatchObject({ error: { code: 'print.component-not-running' } });
    expect(componentStatus({ ...offline, reason: 'connection-lost' })).toMatchObject({ error: { code: 'print.connection-lost', params: { detail: 'ECONNREFUSED' } } });
    expect(componentStatus({ ...offline, reason: 'handshake-failed' })).toMatchObject({ error: { code: 'print.handshake-failed', params: { url, detail: 'ECONNREFUSED' } } });
  });
});
