import { describe, expect, it } from 'vitest';
import { isWebLink } from './web-link';

describe('the authorization link', () => {
  it('is opened only when it is an http(s) address', () => {
    expect(isWebLink('https://oauth.taobao.com/authorize?state=1')).toBe(true);
    expect(isWebLink('http://127.0.0.1:8080/auth')).toBe(true);
    expect(isWebLink('javascript:alert(1)')).toBe(false);
    expect(isWebLink('file:///etc/passwd')).toBe(false);
    expect(isWebLink('not a url')).toBe(false);
    expect(isWebLink(42)).toBe(false);
    expect(isWebLink(undefined)).toBe(false);
  });
});
