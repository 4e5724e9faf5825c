import { describe, expect, it } from 'vitest';
import { buildAppMenuTemplate, type AppMenuItem, type AppMenuOptions } from './app-menu-template';

const base: AppMenuOptions = { language: 'zh-CN', platform: 'win32', appName: '电子面单打印站', developerTools: false };

/** Every item of a menu, depth first. */
function flatten(items: AppMenuItem[]): AppMenuItem[] {
  return items.flatMap((item) => [item, ...flatten(item.submenu ?? [])]);
}

/** The menu's shape without its words: what a translation must keep identical. */
function shape(items: AppMenuItem[]): unknown[] {
  return items.map((item) => ({ role: item.role, type: item.type, command: item.command, submenu: item.submenu && shape(item.submenu) }));
}

describe('application menu', () => {
  it('is in Chinese for a Chinese UI: every item labelled, no role left to the OS language', () => {
    const menu = buildAppMenuTemplate(base);
    expect(menu.map((item) => item.label)).toEqual(['文件(&F)', '编辑(&E)', '视图(&V)', '窗口(&W)', '帮助(&H)']);
    for (const item of flatten(menu)) {
      if (item.type === 'separator') continue;
      expect(item.label, JSON.stringify(item)).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(flatten(menu).find((item) => item.command === 'export-diagnostics')?.label).toBe('导出诊断包…');
    expect(flatten(menu).find((item) => item.role === 'quit')?.label).toBe('退出电子面单打印站');
  });

  it('has the same items in English and Chinese, on every platform', () => {
    for (const platform of ['win32', 'darwin', 'linux'] as const) {
      const zh = buildAppMenuTemplate({ ...base, platform });
      const en = buildAppMenuTemplate({ ...base, platform, language: 'en', appName: 'Waybill Print Station' });
      expect(shape(en)).toEqual(shape(zh));
      expect(en.map((item) => item.label)).toEqual(
        platform === 'darwin' ? ['Waybill Print Station', 'File', 'Edit', 'View', 'Window', 'Help'] : ['&File', '&Edit', '&View', '&Window', '&Help'],
      );
    }
  });

  it('offers About, Export Diagnostics and Open Data Folder once each, and Quit once, on every platform', () => {
    for (const platform of ['win32', 'darwin', 'linux'] as const) {
      const items = flatten(buildAppMenuTemplate({ ...base, platform }));
      expect(items.filter((item) => item.command).map((item) => item.command).sort()).toEqual(['about', 'export-diagnostics', 'open-data-folder']);
      expect(items.filter((item) => item.role === 'quit')).toHaveLength(1);
    }
  });

  it('puts About and Quit in the app menu on macOS, About under Help and Quit under File elsewhere', () => {
    const mac = buildAppMenuTemplate({ ...base, platform: 'darwin', language: 'en', appName: 'Waybill Print Station' });
    expect(mac[0]?.submenu?.map((item) => item.command ?? item.role ?? item.type)).toEqual([
      'about', 'separator', 'services', 'separator', 'hide', 'hideOthers', 'unhide', 'separator', 'quit',
    ]);
    expect(mac.find((item) => item.label === 'Window')?.role).toBe('window');

    const windows = buildAppMenuTemplate({ ...base, language: 'en', appName: 'Waybill Print Station' });
    expect(windows[0]?.submenu?.map((item) => item.command ?? item.role ?? item.type)).toEqual(['open-data-folder', 'separator', 'quit']);
    expect(windows.at(-1)?.submenu?.map((item) => item.command ?? item.type)).toEqual(['export-diagnostics', 'separator', 'about']);
    expect(flatten(windows).some((item) => item.role === 'services' || item.role === 'hide')).toBe(false);
  });

  it('has developer tools only in development builds', () => {
    const hasDevTools = (developerTools: boolean) => flatten(buildAppMenuTemplate({ ...base, developerTools })).some((item) => item.role === 'toggleDevTools');
    expect(hasDevTools(false)).toBe(false);
    expect(hasDevTools(true)).toBe(true);
  });
});
