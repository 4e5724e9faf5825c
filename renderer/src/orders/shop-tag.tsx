import type { OrderListingShop } from '../../../shared/domain/order-row';
import type { ShopColour } from '../../../shared/settings/settings-schema';
import './orders-grid.css';

/** The cell-tag colour of each shop colour tag (`orders-grid.css`). */
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
 * markup like the table's other cell tags (the table renders dozens on every scroll).
 */
export function ShopTag({ shop }: { shop: Pick<OrderListingShop, 'name' | 'sellerNick' | 'colour'> }) {
  return (
    <span className={`cell-tag shop-tag is-${tagColours[shop.colour]}`} title={shop.sellerNick}>
      {shop.name}
    </span>
  );
}
