/**
 * What the packer needs to know about the printer, whatever words the print component or the
 * operating system used: the printer's condition. The component's getPrinters `status`, its
 * failure notices (code and text, in English or Chinese) and CUPS's `printer-state` and
 * `printer-state-reasons` are all read into these few words, which the UI shows in zh-CN and en.
 */
export type PrinterCondition =
  | 'ready'
  | 'printing'
  | 'paper-out'
  | 'jam'
  | 'door-open'
  | 'offline'
  | 'paused'
  /** The component (or the print system) took work and has reported nothing for the stall time. */
  | 'not-responding'
  | 'error'
  | 'unknown';

/** Every condition, for the UI strings and their test. */
export const PRINTER_CONDITIONS: readonly PrinterCondition[] = ['ready', 'printing', 'paper-out', 'jam', 'door-open', 'offline', 'paused', 'not-responding', 'error', 'unknown'];

/** Conditions in which the printer cannot print until someone fixes it at the desk. */
export const PRINTER_FAULTS: ReadonlySet<PrinterCondition> = new Set<PrinterCondition>(['paper-out', 'jam', 'door-open', 'offline', 'paused', 'not-responding', 'error']);

/**
 * Status words as components and CUPS send them, reduced by `statusWordKey`. CUPS reasons carry a
 * severity suffix (`media-empty-error`, `-warning`, `-report`), dropped before the look-up.
 */
export const PRINTER_STATUS_WORDS: Readonly<Record<Exclude<PrinterCondition, 'not-responding' | 'unknown'>, readonly string[]>> = {
  ready: ['enable', 'enabled', 'ready', 'idle', 'online', 'normal', 'ok', 'none', '就绪', '正常', '空闲', '在线'],
  printing: ['printing', 'busy', 'processing', 'working', '打印中', '正在打印'],
  'paper-out': ['paperout', 'nopaper', 'outofpaper', 'paperempty', 'mediaempty', 'medianeeded', 'mediaout', 'inputtrayempty', 'labelout', '缺纸', '纸张用完', '无纸'],
  jam: ['jam', 'paperjam', 'paperjammed', 'mediajam', 'jammed', '卡纸', '夹纸'],
  'door-open': ['dooropen', 'coveropen', 'lidopen', 'interlockopen', '纸仓盖打开', '开盖', '上盖打开', '机盖打开'],
  offline: ['offline', 'offlinereport', 'notconnected', 'disconnected', 'unavailable', 'printeroffline', 'notavailable', '离线', '脱机', '打印机离线'],
  paused: ['paused', 'pause', 'stopped', 'disable', 'disabled', '暂停', '已暂停', '已停止'],
  error: ['error', 'fault', 'failed', 'other', '故障', '错误'],
};

/** A status word reduced for look-up: lower-case, no CUPS severity suffix, letters and CJK only. */
export function statusWordKey(word: string): string {
  return word
    .trim()
    .toLowerCase()
    .replace(/-(error|warning|report)$/, '')
    .replace(/[^a-z\u4e00-\u9fff]/g, '');
}

const conditionByWord = new Map<string, PrinterCondition>(
  Object.entries(PRINTER_STATUS_WORDS).flatMap(([condition, words]) => words.map((word) => [statusWordKey(word), condition as PrinterCondition])),
);

/** One status word (getPrinters `status`, a CUPS state or reason keyword) as a condition; `unknown` when not recognised. */
export function conditionOfStatusWord(word: string | null | undefined): PrinterCondition {
  if (word === null || word === undefined || word.trim() === '') return 'unknown';
  return conditionByWord.get(statusWordKey(word)) ?? conditionOfText(word) ?? 'unknown';
}

/** The most telling of several words (CUPS sends a list of reasons): a fault before anything else. */
export function conditionOfStatusWords(words: readonly string[]): PrinterCondition {
  const conditions = words.map(conditionOfStatusWord);
  return conditions.find((condition) => PRINTER_FAULTS.has(condition)) ?? conditions.find((condition) => condition !== 'unknown') ?? 'unknown';
}

/** A status text that may hold several words (`paused media-empty-error`, `Printer out of paper.`): the whole first, then word by word. */
export function conditionOfStatusText(text: string | null | undefined): PrinterCondition {
  const whole = conditionOfStatusWord(text);
  if (whole !== 'unknown' || !text) return whole;
  return conditionOfStatusWords(text.split(/[\s,;]+/).filter((word) => word !== ''));
}

/** Free text (a failure's detail, a CUPS message) that names a printer condition; null when it names none. */
const textPatterns: readonly [PrinterCondition, RegExp][] = [
  ['paper-out', /paper[\s-]*out|out of paper|no paper|paper empty|media[\s-]*(empty|needed)|缺纸|纸张用完|无纸/i],
  ['jam', /jam|卡纸|夹纸/i],
  ['door-open', /(door|cover|lid)[\s-]*(is\s+)?open|纸仓盖|开盖|上盖/i],
  ['offline', /offline|not connected|离线|脱机/i],
  ['paused', /paused|暂停/i],
];

function conditionOfText(text: string): PrinterCondition | null {
  return textPatterns.find(([, pattern]) => pattern.test(text))?.[0] ?? null;
}

/**
 * Failure codes of the print component emulator (and components that use the same numbers): 50
 * paper out, 51 jam, 52 cover open, 53 printer offline. Other codes are read from the text.
 */
export const PRINTER_FAILURE_CODES: Readonly<Record<number, PrinterCondition>> = { 50: 'paper-out', 51: 'jam', 52: 'door-open', 53: 'offline' };

/**
 * What a failure says about the printer, from its code and detail text (as a PrintFailure holds
 * them): a condition at the desk, or null for a failure of the label itself (its data, its template).
 */
export function conditionOfFailure(failure: { code: number | null; detail: string }): PrinterCondition | null {
  if (failure.code !== null && PRINTER_FAILURE_CODES[failure.code]) return PRINTER_FAILURE_CODES[failure.code] as PrinterCondition;
  return conditionOfText(failure.detail);
}

/** Labels the component took and has said nothing about for the stall time. */
export interface PrinterStall {
  /** When the last label moved (or the first of these was sent): epoch ms. */
  since: number;
  /** The stall time that passed, in seconds (Settings → Printing). */
  seconds: number;
  /** Labels waiting for an outcome. */
  labels: number;
  /** The printer they went to; empty for the component's default. */
  printer: string;
  /** The jobs those labels belong to. */
  jobIds: string[];
}

/** The printer as the desk's header shows it, at all times. */
export interface PrinterStateView {
  condition: PrinterCondition;
  /** The printer labels go to; null when none is known (no component, no default). */
  printer: string | null;
  /** The component's or print system's own words for it (status text, failure detail, CUPS reasons), when it gave any. */
  words: string | null;
  /** Set while labels wait with no progress for the stall time. */
  stall: PrinterStall | null;
  /** When this was last read: epoch ms. */
  at: number;
}

/** The printer troubles the demo printer can be given in practice mode (Settings → Practice), to train a packer on them. */
export const PRACTICE_FAULTS = ['paper-out', 'jam', 'offline', 'stall'] as const;

/** One practice trouble of the demo printer. */
export type PracticeFault = (typeof PRACTICE_FAULTS)[number];
