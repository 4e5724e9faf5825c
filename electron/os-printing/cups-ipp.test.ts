import { describe, expect, it } from 'vitest';
import { describeCupsServer, parseCupsServer } from './cups-ipp';

describe('the CUPS server as lpstat -H names it', () => {
  it.each([
    ['/run/cups/cups.sock\n', { kind: 'socket', path: '/run/cups/cups.sock' }],
    ['/private/var/run/cupsd', { kind: 'socket', path: '/private/var/run/cupsd' }],
    ['localhost:631', { kind: 'tcp', host: 'localhost', port: 631 }],
    ['print-server.lan:8631/version=1.1', { kind: 'tcp', host: 'print-server.lan', port: 8631 }],
    ['[::1]:631', { kind: 'tcp', host: '::1', port: 631 }],
    ['printhost', { kind: 'tcp', host: 'printhost', port: 631 }],
  ] as const)('reads %j', (text, server) => {
    expect(parseCupsServer(text)).toEqual(server);
  });

  it('reads nothing from an empty answer', () => {
    expect(parseCupsServer('')).toBeNull();
    expect(parseCupsServer('not a server name')).toBeNull();
  });

  it('names a server by its socket, or host and port', () => {
    expect(describeCupsServer({ kind: 'socket', path: '/run/cups/cups.sock' })).toBe('/run/cups/cups.sock');
    expect(describeCupsServer({ kind: 'tcp', host: 'localhost', port: 631 })).toBe('localhost:631');
  });
});
