import { describe, expect, it } from 'vitest';
import { gatewayAddressProblem, gatewayOriginOf, isLoopbackHost } from './gateway-address';

describe('gateway addresses that may carry the token', () => {
  it.each([
    ['https://gateway.example.com', null],
    ['https://gateway.example.com:8443/api', null],
    ['http://127.0.0.1:4010', null],
    ['http://127.9.8.7', null],
    ['http://localhost:4010', null],
    ['http://LOCALHOST', null],
    ['http://[::1]:4010', null],
    ['http://gateway.example.com', 'insecure-http'],
    ['http://192.168.1.20:8080', 'insecure-http'],
    ['http://127.0.0.1.example.com', 'insecure-http'],
    ['http://localhost.example.com', 'insecure-http'],
    ['http://[::ffff:7f00:1]', 'insecure-http'],
  ])('%s → %s', (address, problem) => {
    expect(gatewayAddressProblem(address)).toBe(problem);
  });

  it('knows this computer’s names', () => {
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('10.0.0.1')).toBe(false);
  });

  it('names a gateway by its origin: another path is the same gateway, another host, port or scheme is not', () => {
    expect(gatewayOriginOf('https://gateway.example.com/api/')).toBe('https://gateway.example.com');
    expect(gatewayOriginOf('https://gateway.example.com:443')).toBe('https://gateway.example.com');
    expect(gatewayOriginOf('https://gateway.example.com:8443')).toBe('https://gateway.example.com:8443');
    expect(gatewayOriginOf(null)).toBeNull();
  });
});
