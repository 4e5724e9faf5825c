import { describe, expect, it } from 'vitest';
import { readBoolean, readGatewayTime, readInteger, readNumber, readOptionalText, readText, readYuanAsFen } from './tolerant-values';

describe('tolerant values', () => {
  it('reads numbers sent as numbers or numeric strings', () => {
    expect(readNumber(3)).toBe(3);
    expect(readNumber(' 3.5 ')).toBe(3.5);
    expect(readNumber('')).toBeNull();
    expect(readNumber('3件')).toBeNull();
    expect(readNumber(Number.NaN)).toBeNull();
    expect(readNumber(null)).toBeNull();
    expect(readInteger('12')).toBe(12);
    expect(readInteger('1.5')).toBeNull();
  });

  it('reads booleans sent as booleans, "true"/"false" or 1/0', () => {
    expect(readBoolean(true)).toBe(true);
    expect(readBoolean('false')).toBe(false);
    expect(readBoolean('TRUE')).toBe(true);
    expect(readBoolean(0)).toBe(false);
    expect(readBoolean('yes')).toBeNull();
  });

  it('reads gateway times: epoch ms, epoch s, and wall-clock text in UTC+8', () => {
    const instant = Date.UTC(2024, 10, 11, 2, 30, 0); // 2024-11-11 10:30:00 in China
    expect(readGatewayTime(instant)).toBe(instant);
    expect(readGatewayTime(String(instant))).toBe(instant);
    expect(readGatewayTime(instant / 1000)).toBe(instant);
    expect(readGatewayTime(String(instant / 1000))).toBe(instant);
    expect(readGatewayTime('2024-11-11 10:30:00')).toBe(instant);
    expect(readGatewayTime('2024-11-11')).toBe(Date.UTC(2024, 10, 10, 16, 0, 0));
    expect(readGatewayTime('2024-02-30 10:00:00')).toBeNull();
    expect(readGatewayTime('next tuesday')).toBeNull();
    expect(readGatewayTime(0)).toBeNull();
    expect(readGatewayTime(null)).toBeNull();
  });

  it('reads texts and money without binary-fraction drift', () => {
    expect(readText(12)).toBe('12');
    expect(readText(null)).toBe('');
    expect(readOptionalText(null)).toBeNull();
    expect(readOptionalText('')).toBeNull();
    expect(readYuanAsFen('0.29')).toBe(29);
    expect(readYuanAsFen(19.9)).toBe(1990);
    expect(readYuanAsFen('abc')).toBeNull();
  });
});
