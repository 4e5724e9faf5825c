import type { OrderListingShop } from '../../../shared/domain/order-row';
import { shopDisplayName, type ShopColour, type ShopSettings } from '../../../shared/settings/settings-schema';
import { useSettingsQuery } from '../bridge/station-queries';
import '../orders/orders-grid.css';

/** The account's shops as Settings lists them, the first shop first (none while the settings load). */
export function useShops(): readonly ShopSettings[] {
  return useSettingsQuery().data?.settings.gateway.shops ?? [];
}

/** The cell-tag colour class of each shop colour tag (`orders-grid.css`; grey is the plain tag). */
const tagColours: Readonly<Record<ShopColour, string>> = {
  blue: 'blue',
  green: 'green',
  orange: 'orange',
  purple: 'purple',
  red: 'red',
  teal: 'cyan',
  grey: 'grey',
};

/**
 * A shop as the desk shows it: its name on its colour tag, the seller nick in the tooltip. Plain
 * markup like the table's other cell tags (the orders table renders dozens on every scroll).
 */
export function ShopTag({ shop }: { shop: Pick<OrderListingShop, 'name' | 'sellerNick' | 'colour'> }) {
  return (
    <span className={`cell-tag shop-tag is-${tagColours[shop.colour]}`} title={shop.sellerNick}>
      {shop.name}
    </span>
  );
}

/** The tag of a shop of the account named by its id (history, plans); a shop no longer in Settings shows its id. */
export function ShopTagOf({ shopId }: { shopId: string }) {
  const shop = useShops().find((candidate) => candidate.shopId === shopId);
  return shop ? <ShopTag shop={{ name: shopDisplayName(shop), sellerNick: shop.sellerNick, colour: shop.colour }} /> : <span className="cell-tag shop-tag">{shopId}</span>;
}
