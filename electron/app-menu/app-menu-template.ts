import type { ShellLanguage } from '../lifecycle/shell-texts';

/** What the station's own menu items do; the shell maps each to its action. */
export type AppMenuCommand = 'about' | 'export-diagnostics' | 'open-data-folder';

/** The Electron menu roles the station uses (each does what the OS expects of it). */
export type AppMenuRole =
  | 'services'
  | 'hide'
  | 'hideOthers'
  | 'unhide'
  | 'quit'
  | 'undo'
  | 'redo'
  | 'cut'
  | 'copy'
  | 'paste'
  | 'selectAll'
  | 'reload'
  | 'resetZoom'
  | 'zoomIn'
  | 'zoomOut'
  | 'togglefullscreen'
  | 'toggleDevTools'
  | 'minimize'
  | 'zoom'
  | 'front'
  | 'close'
  | 'window'
  | 'help';

/** One menu item as plain data: the shell turns `command` into a click handler. */
export interface AppMenuItem {
  label?: string;
  role?: AppMenuRole;
  type?: 'separator';
  command?: AppMenuCommand;
  submenu?: AppMenuItem[];
}

/** What the menu depends on. */
export interface AppMenuOptions {
  language: ShellLanguage;
  platform: NodeJS.Platform;
  appName: string;
  /** Developer tools only in development builds, never in the installers. */
  developerTools: boolean;
}

/** Every label of the menu in one language. `&` marks the access key on Windows and Linux. */
const labels = {
  'zh-CN': {
    file: '文件(&F)',
    edit: '编辑(&E)',
    view: '视图(&V)',
    window: '窗口(&W)',
    help: '帮助(&H)',
    about: (name: string) => `关于${name}`,
    exportDiagnostics: '导出诊断包…',
    openDataFolder: '打开数据文件夹',
    services: '服务',
    hide: (name: string) => `隐藏${name}`,
    hideOthers: '隐藏其他',
    unhide: '全部显示',
    quit: (name: string) => `退出${name}`,
    undo: '撤销',
    redo: '重做',
    cut: '剪切',
    copy: '复制',
    paste: '粘贴',
    selectAll: '全选',
    reload: '重新加载界面',
    resetZoom: '实际大小',
    zoomIn: '放大',
    zoomOut: '缩小',
    fullScreen: '切换全屏',
    devTools: '开发者工具',
    minimize: '最小化',
    zoom: '缩放',
    front: '全部置于顶层',
    close: '关闭窗口',
  },
  en: {
    file: '&File',
    edit: '&Edit',
    view: '&View',
    window: '&Window',
    help: '&Help',
    about: (name: string) => `About ${name}`,
    exportDiagnostics: 'Export Diagnostics…',
    openDataFolder: 'Open Data Folder',
    services: 'Services',
    hide: (name: string) => `Hide ${name}`,
    hideOthers: 'Hide Others',
    unhide: 'Show All',
    quit: (name: string) => `Quit ${name}`,
    undo: 'Undo',
    redo: 'Redo',
    cut: 'Cut',
    copy: 'Copy',
    paste: 'Paste',
    selectAll: 'Select All',
    reload: 'Reload Window',
    resetZoom: 'Actual Size',
    zoomIn: 'Zoom In',
    zoomOut: 'Zoom Out',
    fullScreen: 'Toggle Full Screen',
    devTools: 'Developer Tools',
    minimize: 'Minimize',
    zoom: 'Zoom',
    front: 'Bring All to Front',
    close: 'Close Window',
  },
} as const;

const separator: AppMenuItem = { type: 'separator' };

/**
 * The application menu as plain data, in the UI's language (Electron would label role items in
 * the OS language instead). macOS gets its app menu (About, Services, Hide, Quit) and its Window
 * and Help menus; Windows and Linux put Quit under File and About under Help, with access keys.
 * "Export diagnostics" is under Help everywhere, where support tells people to look.
 */
export function buildAppMenuTemplate(options: AppMenuOptions): AppMenuItem[] {
  const text = labels[options.language];
  const mac = options.platform === 'darwin';
  // macOS shows `&` literally and has no access keys.
  const top = (label: string) => (mac ? label.replace(/\(&\w\)$/, '').replace('&', '') : label);
  const about: AppMenuItem = { label: text.about(options.appName), command: 'about' };

  const appMenu: AppMenuItem = {
    label: options.appName,
    submenu: [
      about,
      separator,
      { label: text.services, role: 'services' },
      separator,
      { label: text.hide(options.appName), role: 'hide' },
      { label: text.hideOthers, role: 'hideOthers' },
      { label: text.unhide, role: 'unhide' },
      separator,
      { label: text.quit(options.appName), role: 'quit' },
    ],
  };
  const fileMenu: AppMenuItem = {
    label: top(text.file),
    submenu: [
      { label: text.openDataFolder, command: 'open-data-folder' },
      ...(mac ? [] : [separator, { label: text.quit(options.appName), role: 'quit' as const }]),
    ],
  };
  const editMenu: AppMenuItem = {
    label: top(text.edit),
    submenu: [
      { label: text.undo, role: 'undo' },
      { label: text.redo, role: 'redo' },
      separator,
      { label: text.cut, role: 'cut' },
      { label: text.copy, role: 'copy' },
      { label: text.paste, role: 'paste' },
      { label: text.selectAll, role: 'selectAll' },
    ],
  };
  const viewMenu: AppMenuItem = {
    label: top(text.view),
    submenu: [
      // Jobs and the journal live in main: reloading the page loses nothing.
      { label: text.reload, role: 'reload' },
      separator,
      { label: text.resetZoom, role: 'resetZoom' },
      { label: text.zoomIn, role: 'zoomIn' },
      { label: text.zoomOut, role: 'zoomOut' },
      separator,
      { label: text.fullScreen, role: 'togglefullscreen' },
      ...(options.developerTools ? [separator, { label: text.devTools, role: 'toggleDevTools' as const }] : []),
    ],
  };
  const windowMenu: AppMenuItem = {
    label: top(text.window),
    ...(mac ? { role: 'window' as const } : {}),
    submenu: [
      { label: text.minimize, role: 'minimize' },
      ...(mac ? [{ label: text.zoom, role: 'zoom' as const }, separator, { label: text.front, role: 'front' as const }] : [{ label: text.close, role: 'close' as const }]),
    ],
  };
  const helpMenu: AppMenuItem = {
    label: top(text.help),
    ...(mac ? { role: 'help' as const } : {}),
    submenu: [{ label: text.exportDiagnostics, command: 'export-diagnostics' }, ...(mac ? [] : [separator, about])],
  };

  return [...(mac ? [appMenu] : []), fileMenu, editMenu, viewMenu, windowMenu, helpMenu];
}
