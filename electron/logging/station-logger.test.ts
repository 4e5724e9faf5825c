import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { redactedMark } from './redact-log-data';
import { createStationLogger } from './station-logger';

const token = 'tok-9f8e7d6c5b4a-secret';
let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'station-log-'));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function logLines(): Promise<Record<string, unknown>[]> {
  const text = await readFile(join(directory, 'station.log'), 'utf8');
  return text.split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('station logger', () => {
  it('writes one JSON object per line with the event and the fields', async () => {
    const logger = createStationLogger({ directory, secrets: () => [token] });
    logger.info('gateway.call', { endpoint: 'sold-orders', attempt: 1, points: 2 });
    logger.debug('not written at the default level', {});
    const [line, ...rest] = await logLines();
    expect(rest).toEqual([]);
    expect(line).toMatchObject({ level: 'info', event: 'gateway.call', endpoint: 'sold-orders', attempt: 1, points: 2 });
    expect(typeof line?.at).toBe('string');
  });

  it('redacts the token, personal fields and print data in one place, whatever the caller logs', async () => {
    let current: string | null = token;
    const logger = createStationLogger({ directory, secrets: () => [current] });
    logger.warn('request', {
      headers: { Authorization: `Bearer ${token}` },
      note: `token was ${token}; header Bearer abc.def`,
      body: {
        shop_id: 'S1',
        trade_order_info_dtos: [
          {
            object_id: 'O1',
            recipient: { name: '张三', mobile: '13800001234', phone: '010-1234', address: { province: '浙江省', detail: '文一西路 1 号' }, oaid: 'OA1' },
            package_info: { items: [{ name: '茶叶', count: 1 }] },
          },
        ],
        sender: { name: '李四', mobile: '13900001234' },
        customer_code: 'MC5710012345',
      },
      order: { receiver_name: '王*', receiverPhone: '138****1234', receiver_address: '某路 8 号', goodsName: '茶叶' },
      answer: { print_data: '{"encryptedData":"AES:xyz"}', printData: { encryptedData: 'AES:xyz' }, waybill_code: 'YT1' },
      failure: new Error(`upstream said ${token}`),
    });
    current = 'new-token-123456';
    logger.info('after token change', { text: 'now new-token-123456' });

    const text = await readFile(join(directory, 'station.log'), 'utf8');
    expect(text).not.toContain(token);
    expect(text).not.toContain('new-token-123456');
    for (const personal of ['张三', '13800001234', '010-1234', '文一西路', '李四', '13900001234', '王*', '138****1234', '某路', 'AES:xyz', 'abc.def', 'MC5710012345']) {
      expect(text).not.toContain(personal);
    }
    const [first, second] = await logLines();
    const body = first?.body as { trade_order_info_dtos: { recipient: Record<string, unknown>; package_info: unknown }[]; shop_id: string };
    expect(body.shop_id).toBe('S1');
    expect(body.trade_order_info_dtos[0]?.recipient).toMatchObject({ name: redactedMark, mobile: redactedMark, address: redactedMark, oaid: 'OA1' });
    expect(body.trade_order_info_dtos[0]?.package_info).toEqual({ items: [{ name: '茶叶', count: 1 }] });
    expect(first?.answer).toMatchObject({ print_data: redactedMark, printData: redactedMark, waybill_code: 'YT1' });
    expect(first?.order).toMatchObject({ goodsName: '茶叶' });
    expect((first?.failure as { message: string }).message).toBe(`upstream said ${redactedMark}`);
    // Secrets are read at each entry, so a token changed in Settings is scrubbed at once.
    expect(second?.text).toBe(`now ${redactedMark}`);
  });

  it('rotates to numbered archives and keeps only the configured number', async () => {
    const logger = createStationLogger({ directory, secrets: () => [], maxFileBytes: 400, maxArchives: 2 });
    for (let index = 0; index < 40; index += 1) logger.info('filler', { index, padding: 'x'.repeat(60) });
    const files = (await readdir(directory)).sort();
    expect(files).toEqual(['station.1.log', 'station.2.log', 'station.log']);
    const newest = await readFile(join(directory, 'station.log'), 'utf8');
    expect(newest).toContain('"index":39');
  });
});
