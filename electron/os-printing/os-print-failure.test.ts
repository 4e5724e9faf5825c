import { describe, expect, it } from 'vitest';
import { OS_PRINT_FAILURE_CODES, osPrintErrorOf, osPrintFailureOf } from './os-print-failure';

describe('failures of the OS print path', () => {
  it('carry a code of their own, the English text and the typed error', () => {
    const error = { code: 'print.encrypted-needs-component', params: { waybillCode: '73100000000001' } } as const;
    const failure = osPrintFailureOf(error, 'document');
    expect(failure).toEqual({
      code: 101,
      detail: 'The print data of 73100000000001 is encrypted: only the carrier platform’s print component (e.g. the CAINIAO print component) can print it.',
      source: 'document',
      error: { ...error, retryable: false },
    });
    expect(osPrintErrorOf(failure)).toEqual(error);
  });

  it('are told apart from the print component’s failures', () => {
    expect(new Set(Object.values(OS_PRINT_FAILURE_CODES)).size).toBe(Object.keys(OS_PRINT_FAILURE_CODES).length);
    expect(Object.values(OS_PRINT_FAILURE_CODES)).not.toContain(11);
    expect(Object.values(OS_PRINT_FAILURE_CODES)).not.toContain(40);
    expect(osPrintErrorOf({ code: 40, detail: 'Unknown encryption type.', source: 'document' })).toBeNull();
  });
});
