import { describe, expect, it } from 'vitest';
import { ORDER_NUMBER_PATTERN, RECIPIENT_LIMITS, textLength } from '../../../shared/gateway/issue-limits';
import { DEMO_REGIONS } from './demo-regions';
import { generateDemoOrders } from './demo-orders';

const generatedAt = Date.UTC(2024, 10, 11, 2, 0, 0);
const orders = generateDemoOrders({ seed: 7, count: 2000, generatedAt });

describe('demo sold orders', () => {
  it('are deterministic for a seed and differ between seeds', () => {
    expect(generateDemoOrders({ seed: 7, count: 2000, generatedAt })).toEqual(orders);
    expect(generateDemoOrders({ seed: 8, count: 2000, generatedAt }).map((order) => order.orderSn)).not.toEqual(orders.map((order) => order.orderSn));
  });

  it('have unique, realistic order numbers: Taobao 18–19 digits, some Pinduoduo-shaped', () => {
    expect(new Set(orders.map((order) => order.orderSn)).size).toBe(2000);
    const taobao = orders.filter((order) => /^\d{18,19}$/.test(order.orderSn));
    const pdd = orders.filter((order) => /^\d{6}-\d{15}$/.test(order.orderSn));
    expect(taobao.length).toBeGreaterThan(1600);
    expect(pdd.length).toBeGreaterThan(50);
    expect(pdd.every((order) => order.channel === 'PDD')).toBe(true);
    expect(taobao.length + pdd.length).toBe(2000 - orders.filter((order) => order.notes.includes('order-number-not-ascii')).length);
  });

  it('mask receivers as the platform does', () => {
    expect(orders.every((order) => /^[\u4e00-\u9fff]{1,2}\*+/.test(order.receiverName))).toBe(true);
    const phones = orders.map((order) => order.receiverPhone).filter(Boolean);
    expect(phones.every((phone) => /^(\d{3}\*{4}\d{4}|\*{7}\d{4}|\d{11}-\d{4})$/.test(phone))).toBe(true);
    expect(phones.some((phone) => phone.includes('-'))).toBe(true);
    expect(orders.every((order) => order.address.includes('*'))).toBe(true);
    expect(orders.every((order) => !order.clear.name.includes('*') && !order.clear.address.includes('*'))).toBe(true);
  });

  it('go to real provinces, cities and districts', () => {
    const triples = new Set(DEMO_REGIONS.map((region) => `${region.province}/${region.city}/${region.district}`));
    expect(orders.every((order) => triples.has(`${order.province}/${order.city}/${order.district}`))).toBe(true);
    expect(new Set(orders.map((order) => order.province)).size).toBeGreaterThan(25);
  });

  it('include urgent, overdue and pre-sale orders relative to their generation time', () => {
    const hours = (order: (typeof orders)[number]) => (order.lastShipTime - generatedAt) / 3_600_000;
    expect(orders.filter((order) => !order.isPreSale && hours(order) > 0 && hours(order) < 6).length).toBeGreaterThan(20);
    expect(orders.filter((order) => hours(order) < 0).length).toBeGreaterThan(0);
    const preSale = orders.filter((order) => order.isPreSale);
    expect(preSale.length).toBeGreaterThan(30);
    expect(preSale.every((order) => hours(order) > 24)).toBe(true);
    expect(orders.every((order) => order.confirmTime <= generatedAt)).toBe(true);
  });

  it('carry goods with specs, flags 1–5 with names, remarks', () => {
    expect(orders.every((order) => order.goodsName && order.goodsSpec && order.goodsImg.startsWith('https://') && order.goodsCount > 0)).toBe(true);
    expect(new Set(orders.map((order) => order.remarkTag))).toEqual(new Set([null, 1, 2, 3, 4, 5]));
    expect(orders.every((order) => (order.remarkTag === null) === (order.remarkTagName === null))).toBe(true);
    expect(orders.some((order) => order.remark !== '')).toBe(true);
  });

  it('have mergeable orders: one buyer, one address, several orders', () => {
    const repeat = orders.filter((order) => order.notes.includes('same-buyer-same-address'));
    expect(repeat.length).toBeGreaterThan(5);
    for (const order of repeat) {
      const siblings = orders.filter((other) => other.buyerId === order.buyerId && other.address === order.address && other.receiverName === order.receiverName);
      expect(siblings.length).toBeGreaterThan(1);
    }
    expect(orders.some((order) => order.notes.includes('same-buyer-other-address'))).toBe(true);
  });

  it('have a few orders made to fail issuing, even in small data sets', () => {
    for (const set of [orders, generateDemoOrders({ seed: 1, count: 30, generatedAt })]) {
      const longName = set.filter((order) => order.notes.includes('receiver-name-too-long'));
      const nonAscii = set.filter((order) => order.notes.includes('order-number-not-ascii'));
      const noPhone = set.filter((order) => order.notes.includes('receiver-phone-missing'));
      expect(longName.length).toBeGreaterThan(0);
      expect(longName.every((order) => textLength(order.receiverName) > RECIPIENT_LIMITS.name)).toBe(true);
      expect(nonAscii.length).toBeGreaterThan(0);
      expect(nonAscii.every((order) => !ORDER_NUMBER_PATTERN.test(order.orderSn))).toBe(true);
      expect(noPhone.every((order) => order.receiverPhone === '')).toBe(true);
    }
    expect(orders.filter((order) => order.notes.includes('receiver-name-too-long')).length).toBeLessThan(10);
  });
});
