/** The i18next namespace of the About view's strings (kept beside the view, registered by it). */
export const aboutNamespace = 'about';

/** English strings of the About view. */
export const aboutEn = {
  menu: 'About',
  title: 'About {{name}}',
  version: 'Version {{version}}',
  runtime: 'Runtime',
  system: 'System',
  shellBrowserHost: 'browser host (development)',
  dataFolder: 'Data folder',
  logsFolder: 'Logs',
  openDataFolder: 'Open data folder',
  openFolderUnavailable: 'Open this folder in your file manager (the browser host cannot).',
  exportDiagnostics: 'Export diagnostics',
  exporting: 'Exporting…',
  exported: 'Diagnostics written to {{file}}. It holds no token, receiver details, phone numbers or print data: send this file to support.',
  exportFailed: 'The diagnostics could not be exported.',
  licences: 'Third-party licences',
  licencesIntro: 'Waybill Print Station is built on these open-source works, under their licences.',
  licencesLoading: 'Loading the licence list…',
  licencesUnavailable: 'The licence list could not be loaded.',
  licenceCount_one: '{{count}} package',
  licenceCount_other: '{{count}} packages',
  noLicenceText: 'This package ships no licence file; it declares the {{license}} licence.',
  close: 'Close',
};

/** Simplified Chinese strings of the About view (same keys as English; a test keeps them in step). */
export const aboutZhCN: typeof aboutEn = {
  menu: '关于',
  title: '关于{{name}}',
  version: '版本 {{version}}',
  runtime: '运行环境',
  system: '操作系统',
  shellBrowserHost: '浏览器宿主（开发用）',
  dataFolder: '数据文件夹',
  logsFolder: '日志',
  openDataFolder: '打开数据文件夹',
  openFolderUnavailable: '请在文件管理器中打开此文件夹（浏览器宿主无法打开）。',
  exportDiagnostics: '导出诊断包',
  exporting: '正在导出…',
  exported: '诊断包已保存到 {{file}}。其中不含令牌、收件人信息、电话号码和打印数据，请把这个文件发送给技术支持。',
  exportFailed: '无法导出诊断包。',
  licences: '第三方许可证',
  licencesIntro: '电子面单打印站使用了以下开源软件，并遵守各自的许可证。',
  licencesLoading: '正在加载许可证列表…',
  licencesUnavailable: '无法加载许可证列表。',
  licenceCount_one: '{{count}} 个软件包',
  licenceCount_other: '{{count}} 个软件包',
  noLicenceText: '此软件包未附带许可证文件；其声明的许可证为 {{license}}。',
  close: '关闭',
};
