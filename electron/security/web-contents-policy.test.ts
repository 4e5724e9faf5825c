import { describe, expect, it } from 'vitest';
import { ipcSenderVerdict, isAppUrl, mayNavigate, mayUsePermission } from './web-contents-policy';

const appOrigin = 'app://station';

describe('the app origin', () => {
  it.each([
    ['app://station/index.html', true],
    ['app://station/', true],
    ['app://station/assets/index-abc.js?x=1#y', true],
    ['app://station.evil/index.html', false],
    ['app://stationx/index.html', false],
    ['app://user:pass@station/index.html', false],
    ['app://other/index.html', false],
    ['https://station/index.html', false],
    ['file:///tmp/station/index.html', false],
    ['about:blank', false],
    ['data:text/html,<p>x</p>', false],
    ['javascript:alert(1)', false],
    ['not a url', false],
  ])('%s belongs to it: %s', (url, expected) => {
    expect(isAppUrl(url, appOrigin)).toBe(expected);
  });
});

describe('who may call the IPC contract', () => {
  it('answers the main frame of the app window showing an app page', () => {
    expect(ipcSenderVerdict({ url: 'app://station/index.html', isAppWindowMainFrame: true }, appOrigin)).toBe('trusted');
  });

  it('refuses a subframe, even one showing an app page', () => {
    expect(ipcSenderVerdict({ url: 'app://station/index.html', isAppWindowMainFrame: false }, appOrigin)).toBe('subframe-or-other-window');
    expect(ipcSenderVerdict({ url: 'https://ads.example/frame.html', isAppWindowMainFrame: false }, appOrigin)).toBe('subframe-or-other-window');
  });

  it('refuses the main frame once it navigated away from the app', () => {
    for (const url of ['https://evil.example/', 'about:blank', 'data:text/html,x', 'app://station.evil/index.html']) {
      expect(ipcSenderVerdict({ url, isAppWindowMainFrame: true }, appOrigin)).toBe('foreign-page');
    }
  });

  it('refuses a call whose frame is gone (navigated or destroyed)', () => {
    expect(ipcSenderVerdict(null, appOrigin)).toBe('no-frame');
  });
});

describe('navigation and permissions', () => {
  it('lets a page navigate only within the app', () => {
    expect(mayNavigate('app://station/index.html#/history', appOrigin)).toBe(true);
    expect(mayNavigate('https://oauth.taobao.com/authorize', appOrigin)).toBe(false);
    expect(mayNavigate('file:///etc/passwd', appOrigin)).toBe(false);
  });

  it('grants no permission, asked or checked', () => {
    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read', 'clipboard-sanitized-write', 'openExternal', 'fullscreen', 'hid', 'serial', 'usb']) {
      expect(mayUsePermission(permission)).toBe(false);
    }
  });
});
