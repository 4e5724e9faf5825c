import { describe, expect, it } from 'vitest';
import {
  conditionOfFailure,
  conditionOfStatusText,
  PRINTER_CONDITIONS,
  PRINTER_STATUS_WORDS,
  type PrinterCondition,
} from '../../../shared/domain/printer-condition';
import { documentFailureError } from '../../../shared/domain/printing';
import { describeError } from '../../../shared/errors/station-error';
import { en } from '../i18n/en';
import { zhCN } from '../i18n/zh-cn';

/** What CUPS sends: `lpstat -p` states and the printer-state-reasons keywords (RFC 8011 §5.4.12, with their severity suffixes). */
const cupsWords: readonly [string, PrinterCondition][] = [
  ['idle', 'ready'],
  ['printing', 'printing'],
  ['disabled', 'paused'],
  ['disabled paused', 'paused'],
  ['paused', 'paused'],
  ['none', 'ready'],
  ['media-empty', 'paper-out'],
  ['media-empty-error', 'paper-out'],
  ['media-empty-warning', 'paper-out'],
  ['media-needed-error', 'paper-out'],
  ['idle media-empty-error', 'paper-out'],
  ['media-jam', 'jam'],
  ['media-jam-error', 'jam'],
  ['printing media-jam-error', 'jam'],
  ['door-open-error', 'door-open'],
  ['cover-open-warning', 'door-open'],
  ['interlock-open-error', 'door-open'],
  ['offline-report', 'offline'],
  ['idle offline-report', 'offline'],
  ['other-error', 'error'],
];

/** What print components send in getPrinters' `status` (CAINIAO, Pinduoduo, the emulator) and in their notices. */
const componentWords: readonly [string, PrinterCondition][] = [
  ['enable', 'ready'],
  ['Ready', 'ready'],
  ['busy', 'printing'],
  ['paperOut', 'paper-out'],
  ['PAPER_OUT', 'paper-out'],
  ['缺纸', 'paper-out'],
  ['打印机缺纸', 'paper-out'],
  ['paperJam', 'jam'],
  ['卡纸', 'jam'],
  ['coverOpen', 'door-open'],
  ['纸仓盖打开', 'door-open'],
  ['offline', 'offline'],
  ['打印机离线', 'offline'],
  ['脱机', 'offline'],
  ['paused', 'paused'],
  ['暂停', 'paused'],
  ['error', 'error'],
  ['something new', 'unknown'],
];

/** Failures as components report them (code and text) → what they say about the printer. */
const failures: readonly [number | null, string, PrinterCondition | null][] = [
  [50, 'Printer out of paper.', 'paper-out'],
  [51, 'Paper jam.', 'jam'],
  [53, 'Printer is offline.', 'offline'],
  [null, '打印机缺纸', 'paper-out'],
  [null, '打印机卡纸', 'jam'],
  [null, '纸仓盖打开', 'door-open'],
  [null, '打印机离线', 'offline'],
  [null, 'printer cover is open', 'door-open'],
  [40, 'Unknown encryption type.', null],
  [11, 'document not found', null],
];

/** The packer's word for each condition, in both languages. */
const expectedWords: Partial<Record<PrinterCondition, { zh: string; en: string }>> = {
  'paper-out': { zh: '缺纸', en: 'Paper out' },
  jam: { zh: '卡纸', en: 'Paper jam' },
  'door-open': { zh: '纸仓盖打开', en: 'Cover open' },
  offline: { zh: '打印机离线', en: 'Printer offline' },
  paused: { zh: '打印机已暂停', en: 'Printer paused' },
  'not-responding': { zh: '打印机无响应', en: 'Printer not responding' },
};

describe('printer status words to the packer’s words', () => {
  it('reads every status word the component and CUPS send as its condition', () => {
    for (const [condition, words] of Object.entries(PRINTER_STATUS_WORDS)) {
      for (const word of words) expect(conditionOfStatusText(word), word).toBe(condition);
    }
    for (const [word, condition] of [...cupsWords, ...componentWords]) expect(conditionOfStatusText(word), word).toBe(condition);
  });

  it('reads what a failure says about the printer, and nothing for a failure of the label itself', () => {
    for (const [code, detail, condition] of failures) expect(conditionOfFailure({ code, detail }), `${code} ${detail}`).toBe(condition);
  });

  it('has a word and a thing to check for every condition in zh-CN and en, the desk’s own words for the faults', () => {
    for (const condition of PRINTER_CONDITIONS) {
      for (const table of [en, zhCN]) {
        expect(table.printTruth.condition[condition], condition).toMatch(/\S/);
        expect(table.printTruth.check[condition], condition).toMatch(/\S/);
      }
      const expected = expectedWords[condition];
      if (expected) {
        expect(zhCN.printTruth.condition[condition]).toBe(expected.zh);
        expect(en.printTruth.condition[condition]).toBe(expected.en);
      }
    }
  });

  it('turns a printer failure into the typed error that names it, with the component’s own words, in both languages', () => {
    const cases: [number, string, string, string][] = [
      [50, 'Printer out of paper.', '缺纸', 'out of paper'],
      [51, 'Paper jam.', '卡纸', 'paper jam'],
      [53, 'Printer is offline.', '打印机离线', 'offline'],
    ];
    for (const [code, detail, zh, english] of cases) {
      const error = documentFailureError('YT100', { code, detail, source: 'document' });
      expect(describeError(error, 'zh').text).toContain(zh);
      expect(describeError(error, 'zh').text).toContain(detail);
      expect(describeError(error, 'en').text).toContain(english);
      expect(describeError(error, 'en').text).toContain('YT100');
    }
    expect(documentFailureError('YT100', { code: null, detail: '纸仓盖打开', source: 'document' }).code).toBe('print.cover-open');
    expect(documentFailureError('YT100', { code: null, detail: 'withdrawn before it was sent', source: 'withdrawn' }).code).toBe('print.withdrawn');
    expect(documentFailureError('YT100', { code: 40, detail: 'Unknown encryption type.', source: 'document' }).code).toBe('print.unknown-encryption');
  });
});
