import { join } from 'node:path';
import { SHOP_COLOURS, type SettingsPatch, type ShopSettings } from '../../../shared/settings/settings-schema';
import type { ShopOrderRef } from '../../../shared/domain/shop-order';
import { DEMO_NETWORK, DEMO_SENDER, SANDBOX_DEFAULTS, STANDARD_TEMPLATES, standardTemplateUrl, type RunningSandbox } from '../../demo/sandbox';
import { keyFileCipher } from '../../token-vault/key-file-cipher';
import { createStation } from '../create-station';
import type { RunOverrides } from '../../settings/effective-settings';
import type { Station } from '../station';
import { stationData } from './station-data';

/** The sandbox account's shops as a desk's settings hold them, each with its own colour tag. */
export function sandboxShopSettings(sandbox: Pick<RunningSandbox, 'shops'>): ShopSettings[] {
  return sandbox.shops().map((shop, index) => ({
    shopId: shop.shopId,
    sellerNick: shop.sellerNick,
    merchantUserId: shop.userId,
    name: shop.name,
    colour: SHOP_COLOURS[index % SHOP_COLOURS.length] ?? 'blue',
  }));
}

/** These orders of the sandbox's demo shop (the desk's first), as `issue.plan` takes them. */
export function ofDemoShop(orderNumbers: readonly string[]): ShopOrderRef[] {
  return orderNumbers.map((orderNumber) => ({ shopId: SANDBOX_DEFAULTS.shopId, orderNumber }));
}

/**
 * The settings a test desk issues with on the sandbox's demo account: its shops (the demo shop
 * first), the 76 mm YTO template, and shipping from the demo network's first YTO branch and address
 * with the demo sender. Tests add what they need on top (the component, paperwork, …).
 */
export function sandboxDeskPatch(sandbox: Pick<RunningSandbox, 'shops'>): SettingsPatch & Required<Pick<SettingsPatch, 'gateway' | 'print' | 'shipFrom'>> {
  const branch = DEMO_NETWORK.find((carrier) => carrier.cpCode === 'YTO')?.branches[0];
  const address = branch?.addresses[0];
  const template = STANDARD_TEMPLATES.find((candidate) => candidate.cpCode === 'YTO' && candidate.widthMm === 76);
  if (!branch || !address || !template) throw new Error('the demo network has no YTO branch with an address');
  return {
    gateway: { shops: sandboxShopSettings(sandbox) },
    print: { templateUrlByCarrier: { YTO: standardTemplateUrl(template) } },
    shipFrom: {
      carrierCode: 'YTO',
      branchCode: branch.code,
      senderAddress: { province: address.province, city: address.city, district: address.district, town: null, detail: address.detail },
      senderName: DEMO_SENDER.name,
      senderPhone: DEMO_SENDER.mobile,
    },
  };
}

/** A station on the composition root as the browser host runs it, with a key-file token vault in its data folder; `claimLeaseMs` shortens its claims' lease (60 s unless set). */
export async function openTestStation(dataDir: string, overrides: RunOverrides = {}, options: { claimLeaseMs?: number | undefined } = {}): Promise<Station> {
  const started = await createStation({ shell: 'browser-host', dataDir, tokenCipher: (folder) => keyFileCipher({ keyPath: join(folder, 'test-token.key') }), overrides, claimLeaseMs: options.claimLeaseMs });
  if (!started.ok) throw new Error(started.message);
  return started.station;
}

/** Sets a station up as a desk on the sandbox, as the setup screen leaves one: the token stored, the sandbox desk's settings saved, and every order of the shop fetched. */
export async function setUpSandboxDesk(station: Station, sandbox: Pick<RunningSandbox, 'shops'>, token: string): Promise<void> {
  await stationData(station, 'token.set', { token });
  await stationData(station, 'settings.update', { patch: sandboxDeskPatch(sandbox) });
  await stationData(station, 'orders.refresh', { mode: 'full' });
}
