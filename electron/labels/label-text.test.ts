import { describe, expect, it } from 'vitest';
import {
  carrierLabelName,
  ENCRYPTED_FIELD_PLACEHOLDER,
  fieldText,
  itemText,
  partyAddress,
  partyName,
  partyPhones,
  printTimeText,
  totalPieces,
} from './label-text';

describe('label texts', () => {
  it('shows masked values as they are and ciphertext never', () => {
    expect(fieldText('张**')).toBe('张**');
    expect(fieldText(' 138****1234 ')).toBe('138****1234');
    expect(fieldText('AES:Zm9vYmFy')).toBe(ENCRYPTED_FIELD_PLACEHOLDER);
    expect(fieldText(undefined)).toBe('');
  });

  it('drops emoji and line breaks that the label cannot print', () => {
    expect(fieldText('🔥爆款\n连衣裙 ❤️ 夏季')).toBe('爆款 连衣裙 夏季');
  });

  it('writes name, phones and address of a party', () => {
    const party = {
      name: '欧阳**',
      mobile: '13260469442-4846',
      phone: '010-6288****',
      address: { province: '北京', city: '北京', district: '朝阳区', town: 'AES:eA==', detail: '建国路**号' },
    };
    expect(partyName(party)).toBe('欧阳**');
    expect(partyPhones(party)).toBe('13260469442-4846 / 010-6288****');
    expect(partyPhones({ mobile: '138****1234', phone: '138****1234' })).toBe('138****1234');
    expect(partyAddress(party)).toBe('北京 朝阳区 （已加密） 建国路**号');
    expect(partyAddress({})).toBe('');
  });

  it('names the carrier in Chinese, without the note in brackets', () => {
    expect(carrierLabelName('ZTO')).toBe('中通快递');
    expect(carrierLabelName('HTKY')).toBe('极兔速递');
    expect(carrierLabelName('NEWCO')).toBe('NEWCO');
  });

  it('prints the time in China time, to the minute', () => {
    expect(printTimeText(Date.UTC(2025, 5, 1, 18, 3, 59))).toBe('2025-06-02 02:03');
  });

  it('writes goods lines and counts the pieces', () => {
    const items = [
      { name: '帆布鞋 37码', count: 1 },
      { name: 'T恤', count: 3 },
    ];
    expect(items.map(itemText)).toEqual(['帆布鞋 37码×1', 'T恤×3']);
    expect(totalPieces(items)).toBe(4);
  });
});
