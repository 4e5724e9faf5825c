import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultSettings } from '../../shared/settings/settings-schema';
import { StationFailure } from '../ipc/to-station-error';
import { createStationLogger } from '../logging/station-logger';
import { TEST_ACCOUNT } from '../store/postgres/testing/shared-test-desks';
import { openDeskLink, startSeveralDesks } from './desk-link';
import type { SharedStation } from './shared-station';

let folder: string;
let link: SharedStation | undefined;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'desk-link-'));
});
afterEach(async () => {
  await link?.close();
  link = undefined;
  await rm(folder, { recursive: true, force: true });
});

const open = (saved: Partial<ReturnType<typeof defaultSettings>['sharedMode']>) => {
  const logger = createStationLogger({ directory: join(folder, 'logs'), secrets: () => [] });
  link = openDeskLink({
    saved: { ...defaultSettings().sharedMode, enabled: true, ...saved },
    password: () => null,
    dataDir: folder,
    gatewayIdentity: () => ({ baseUrl: 'demo', shopId: 'shop-1' }),
    account: () => TEST_ACCOUNT,
    logger,
  });
  return link;
};

describe('the desk’s link to the shared database', () => {
  it('opens without a server when the settings name none, and refuses every desk action with what is missing', async () => {
    const opened = open({ host: '', database: '', user: '' });
    expect(opened.state()).toBe('unreachable');
    let refusal: unknown;
    try {
      opened.ready();
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(StationFailure);
    expect((refusal as StationFailure).error).toMatchObject({ code: 'shared-mode.not-configured', params: { missing: 'host, database, user' } });
    // The desk is named after the computer when Settings give no name, under the id kept in its data folder.
    expect(opened.deskName).toBe(hostname());
    expect(opened.access.deskId).toBe((await readFile(join(folder, 'desk-id'), 'utf8')).trim());
  });

  it('runs none of the several-desks parts for a desk alone', async () => {
    const parts = startSeveralDesks(undefined, { orders: {} as never, outbox: {} as never, statisticsOutbox: {} as never, onOrdersChanged: () => undefined, onViewChanged: () => undefined, logger: createStationLogger({ directory: join(folder, 'logs'), secrets: () => [] }) });
    expect(parts.refreshes).toBeUndefined();
    expect(parts.upload).toBeUndefined();
    expect(parts.view.state()).toBe('off');
    expect(await parts.view.elsewhere([{ shopId: 'shop-1', orderNumber: 'T1' }])).toEqual(new Map());
    await parts.close();
  });
});
