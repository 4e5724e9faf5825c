import { Tag } from 'antd';
import { shopDisplayName, type ShopSettings } from '../../../shared/settings/settings-schema';
import { useSettingsQuery } from '../bridge/station-queries';
import { SHOP_TAG_COLOURS } from '../setup/shop-fields';

/** The account's shops as Settings lists them, the first shop first (none while the settings load). */
export function useShops(): readonly ShopSettings[] {
  return useSettingsQuery().data?.settings.gateway.shops ?? [];
}

/** A shop of the account as the desk shows it: its display name in its colour tag (its id for a shop no longer in Settings). */
export function ShopTag({ shopId }: { shopId: string }) {
  const shop = useShops().find((candidate) => candidate.shopId === shopId);
  return <Tag color={shop ? SHOP_TAG_COLOURS[shop.colour] : 'default'}>{shop ? shopDisplayName(shop) : shopId}</Tag>;
}
