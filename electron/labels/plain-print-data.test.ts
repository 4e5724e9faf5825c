import { describe, expect, it } from 'vitest';
import { readPlainPrintData } from './plain-print-data';

const plain = {
  data: {
    recipient: {
      name: '张**',
      mobile: '138****1234',
      address: { province: '浙江省', city: '杭州市', district: '西湖区', town: '', detail: '文三路***号' },
    },
    sender: { name: '李明', phone: 57188886666, address: { province: '上海', detail: '科苑路88号' } },
    routingInfo: {
      routeCode: '300-A12 04',
      origin: { code: '201301', name: '上海浦东张江' },
      sortation: { name: '杭州西湖' },
      consolidation: { code: '571W', name: '杭州转运中心' },
    },
    shippingOption: { code: 'STANDARD_EXPRESS', title: '标准快递' },
    waybillCode: '73100456789012',
  },
  signature: 'MD:c2ln',
  templateURL: 'https://cloudprint.cainiao.com/template/standard/101/1',
};

describe('reading decoded print data', () => {
  it('reads plain data, numbers as text and empty parts left out', () => {
    expect(readPlainPrintData(plain)).toEqual({
      kind: 'plain',
      data: {
        recipient: {
          name: '张**',
          mobile: '138****1234',
          address: { province: '浙江省', city: '杭州市', district: '西湖区', detail: '文三路***号' },
        },
        sender: { name: '李明', phone: '57188886666', address: { province: '上海', detail: '科苑路88号' } },
        routingInfo: plain.data.routingInfo,
        shippingOption: plain.data.shippingOption,
        waybillCode: '73100456789012',
      },
    });
  });

  it('reads the JSON text form the gateway sends', () => {
    expect(readPlainPrintData(JSON.stringify(plain))).toMatchObject({ kind: 'plain', data: { waybillCode: '73100456789012' } });
  });

  it('keeps masked and encrypted field values exactly as received', () => {
    const recipient = { name: 'AES:abc=', mobile: '*******5552', address: 'AES:ZGV0YWls' };
    expect(readPlainPrintData({ data: { ...plain.data, recipient } })).toMatchObject({
      kind: 'plain',
      data: { recipient: { name: 'AES:abc=', mobile: '*******5552', address: { detail: 'AES:ZGV0YWls' } } },
    });
  });

  it('recognises encrypted print data', () => {
    const encrypted = {
      encryptedData: 'AES:Zm9v',
      signature: 'MD:c2ln',
      templateURL: 'https://cloudprint.cainiao.com/template/standard/300336/92',
      ver: 'waybill_print_secret_version_1',
    };
    expect(readPlainPrintData(encrypted)).toEqual({ kind: 'encrypted' });
    expect(readPlainPrintData(JSON.stringify(encrypted))).toEqual({ kind: 'encrypted' });
    expect(readPlainPrintData({ data: 'AES:Zm9v' })).toEqual({ kind: 'encrypted' });
  });

  it.each([
    ['not JSON', 'not json', 'print data is not a JSON object'],
    ['neither data nor encryptedData', { templateURL: 'x' }, 'print data has neither data nor encryptedData'],
    ['no recipient', { data: { ...plain.data, recipient: undefined } }, 'data.recipient is missing'],
    ['no sender', { data: { ...plain.data, sender: 'x' } }, 'data.sender is missing'],
    ['no waybill number', { data: { ...plain.data, waybillCode: '' } }, 'data.waybillCode'],
    ['a waybill number a barcode cannot carry', { data: { ...plain.data, waybillCode: '运单73100' } }, 'data.waybillCode'],
  ])('says why it cannot use print data with %s', (_case, printData, reason) => {
    const reading = readPlainPrintData(printData);
    expect(reading.kind).toBe('invalid');
    if (reading.kind === 'invalid') expect(reading.reason).toContain(reason);
  });
});
