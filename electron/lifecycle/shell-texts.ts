import type { Settings } from '../../shared/settings/settings-schema';

/** The languages the shell's own dialogs and menu speak (the UI's languages). */
export type ShellLanguage = NonNullable<Settings['ui']['language']>;

/** A native message box: what it says and its buttons, first button first. */
export interface DialogText {
  title: string;
  message: string;
  detail: string;
  buttons: string[];
  /** The button that Enter, Escape or closing the box picks: always the harmless one. */
  safe: number;
}

/** The texts of the shell's dialogs in one language. */
interface ShellTexts {
  quitWhileJobsRun: (jobCount: number) => DialogText;
  unexpectedError: (message: string, logFile: string) => DialogText;
  rendererCrashLoop: () => DialogText;
  diagnosticsExported: (file: string) => DialogText;
  diagnosticsFailed: (reason: string) => DialogText;
}

/** The app's name as the UI writes it in each language (menus, dialog titles). */
export const productName: Record<ShellLanguage, string> = { 'zh-CN': '电子面单打印站', en: 'Waybill Print Station' };

const texts: Record<ShellLanguage, ShellTexts> = {
  'zh-CN': {
    quitWhileJobsRun: (jobCount) => ({
      title: productName['zh-CN'],
      message: `有 ${jobCount} 个取号/打印任务正在进行。仍要退出吗？`,
      detail: '退出前会在两次调用之间停下任务，已取的面单和打印记录都会保存；下次启动可以继续。',
      buttons: ['停止任务并退出', '继续工作'],
      safe: 1,
    }),
    unexpectedError: (message, logFile) => ({
      title: productName['zh-CN'],
      message: '程序遇到意外错误。',
      detail: `${message}\n\n错误已记录在日志中：${logFile}\n可以继续工作；如有异常，请重新启动，并通过“导出诊断包”发送给技术支持。`,
      buttons: ['继续工作', '重新启动'],
      safe: 0,
    }),
    rendererCrashLoop: () => ({
      title: productName['zh-CN'],
      message: '界面多次意外关闭。',
      detail: '任务和记录保存在后台，没有丢失。可以再次加载界面，或退出后重新启动。',
      buttons: ['重新加载', '退出'],
      safe: 0,
    }),
    diagnosticsExported: (file) => ({
      title: productName['zh-CN'],
      message: '诊断包已导出。',
      detail: `${file}\n\n诊断包不含令牌、收件人信息、电话号码和打印数据。请把这个文件发送给技术支持。`,
      buttons: ['关闭'],
      safe: 0,
    }),
    diagnosticsFailed: (reason) => ({
      title: productName['zh-CN'],
      message: '无法导出诊断包。',
      detail: reason,
      buttons: ['关闭'],
      safe: 0,
    }),
  },
  en: {
    quitWhileJobsRun: (jobCount) => ({
      title: productName.en,
      message: jobCount === 1 ? 'An issuing or printing job is running. Quit anyway?' : `${jobCount} issuing or printing jobs are running. Quit anyway?`,
      detail: 'Before quitting, the jobs stop between two calls: issued waybills and print records are kept, and the jobs can continue at the next start.',
      buttons: ['Stop jobs and quit', 'Keep working'],
      safe: 1,
    }),
    unexpectedError: (message, logFile) => ({
      title: productName.en,
      message: 'The app ran into an unexpected error.',
      detail: `${message}\n\nThe error is recorded in the log: ${logFile}\nYou can keep working; if something misbehaves, restart, and send support an "Export diagnostics" archive.`,
      buttons: ['Keep working', 'Restart'],
      safe: 0,
    }),
    rendererCrashLoop: () => ({
      title: productName.en,
      message: 'The window closed unexpectedly several times.',
      detail: 'Jobs and records are kept in the background; nothing was lost. Load the window again, or quit and start again.',
      buttons: ['Load again', 'Quit'],
      safe: 0,
    }),
    diagnosticsExported: (file) => ({
      title: productName.en,
      message: 'Diagnostics exported.',
      detail: `${file}\n\nThe archive holds no token, receiver details, phone numbers or print data. Send this file to support.`,
      buttons: ['Close'],
      safe: 0,
    }),
    diagnosticsFailed: (reason) => ({
      title: productName.en,
      message: 'The diagnostics could not be exported.',
      detail: reason,
      buttons: ['Close'],
      safe: 0,
    }),
  },
};

/** The shell's dialog texts in a language. */
export function shellTexts(language: ShellLanguage): ShellTexts {
  return texts[language];
}

/** Chinese where the system prefers any Chinese, English elsewhere (as the renderer decides). */
export function shellLanguageFor(chosen: Settings['ui']['language'], systemLanguages: readonly string[]): ShellLanguage {
  return chosen ?? (systemLanguages.some((tag) => tag.toLowerCase().startsWith('zh')) ? 'zh-CN' : 'en');
}
