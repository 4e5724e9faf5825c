import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en';
import { outcomeParts, splitAtNumbers } from './scan-outcome-text';

/** `t` over the English table, enough for the outcome sentences (plural `_one`/`_other` by count). */
const t = ((key: string, params: Record<string, unknown>) => {
  const lookup = (path: string) => path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
  const template = (lookup(`${key}_${params.count === 1 ? 'one' : 'other'}`) ?? lookup(key)) as string;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));
}) as unknown as TFunction;

describe('an outcome sentence, its numbers apart', () => {
  it('sets the order and waybill numbers apart from the words, in order', () => {
    const parts = outcomeParts(t, { kind: 'waybill', code: 'YT7788', shopId: 's1', orderNumber: '3408112357125656046', waybillCode: 'YT7788' });
    expect(parts).toEqual([
      { text: 'Waybill ', number: false },
      { text: 'YT7788', number: true },
      { text: ' belongs to order ', number: false },
      { text: '3408112357125656046', number: true },
    ]);
  });

  it('keeps a number that contains another one whole', () => {
    expect(splitAtNumbers('order 241121-1234 and 1234', ['241121-1234', '1234'])).toEqual([
      { text: 'order ', number: false },
      { text: '241121-1234', number: true },
      { text: ' and ', number: false },
      { text: '1234', number: true },
    ]);
  });

  it('reads a scanned code with signs of a pattern literally', () => {
    expect(splitAtNumbers('Unknown code 12?+ here', ['12?+'])).toEqual([
      { text: 'Unknown code ', number: false },
      { text: '12?+', number: true },
      { text: ' here', number: false },
    ]);
  });
});
