import { describe, expect, it } from 'vitest';
import { SANDBOX_PRINT_KEY, decryptSandboxPrintData, encryptSandboxPrintData, plainSandboxPrintData, type WaybillPrintContent } from './sandbox-print-crypto';

const party = { name: '张三', mobile: '13800001234', phone: '', address: { province: '浙江省', city: '杭州市', district: '西湖区', town: '', detail: '文三路478号' } };
const content: WaybillPrintContent = {
  recipient: party,
  sender: { ...party, name: '小满百货' },
  routingInfo: { origin: { code: '571001', name: '网点' }, sortation: { name: '浙江 杭州 西湖' }, consolidation: { code: '123A', name: '杭州转运中心' }, routeCode: '123A-456-789' },
  shippingOption: { code: 'STANDARD_EXPRESS', title: '标准快递', services: {} },
  waybillCode: 'YT1234567890123',
};
const templateURL = 'https://cloudprint.cainiao.com/template/standard/101/3';

describe('sandbox print data', () => {
  it('encrypts under the sandbox key and decrypts back, from the object or its JSON string', () => {
    expect(SANDBOX_PRINT_KEY).toHaveLength(32);
    const encrypted = encryptSandboxPrintData(content, templateURL);
    expect(encrypted.encryptedData.startsWith('AES:')).toBe(true);
    expect(encrypted.signature.startsWith('MD:')).toBe(true);
    expect(encrypted).toMatchObject({ templateURL, ver: 'waybill_print_secret_version_1' });
    expect(encrypted.encryptedData).not.toContain('张三');
    expect(decryptSandboxPrintData(encrypted)).toEqual(content);
    expect(decryptSandboxPrintData(JSON.stringify(encrypted))).toEqual(content);
  });

  it('refuses tampered or foreign data', () => {
    const encrypted = encryptSandboxPrintData(content, templateURL);
    expect(() => decryptSandboxPrintData({ ...encrypted, signature: 'MD:AAAA' })).toThrow(/signature/);
    expect(() => decryptSandboxPrintData({ ...encrypted, encryptedData: 'RSA:abc' })).toThrow(/AES/);
    const other = encryptSandboxPrintData({ ...content, waybillCode: 'YT0000000000000' }, templateURL);
    expect(() => decryptSandboxPrintData({ ...encrypted, signature: other.signature })).toThrow(/signature/);
  });

  it('signs plain print data the same way', () => {
    const plain = plainSandboxPrintData(content, templateURL);
    const encrypted = encryptSandboxPrintData(content, templateURL);
    expect(plain).toEqual({ data: content, signature: encrypted.signature, templateURL });
  });
});
