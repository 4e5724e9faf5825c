import { untouchedOrderState, type OrderListingShop, type OrderRow, type OrderStationState } from '../../../../shared/domain/order-row';
import { DEMO_GATEWAY_SHOPS } from '../../../../shared/settings/settings-schema';
import type { ElsewhereMark } from '../../../../shared/domain/desks';
import type { SoldOrder } from '../../../../shared/domain/sold-order';

/** A sold order as the demo shop has them, with any fields replaced (for tests). */
export function sampleOrder(fields: Partial<SoldOrder> = {}): SoldOrder {
  return {
    orderNumber: '3408112357125656046',
    receiverName: '何*',
    receiverPhone: '138****1234',
    province: '浙江省',
    city: '杭州市',
    district: '余杭区',
    addressDetail: '文一西路1**号*幢',
    goodsName: '纯棉短袖T恤男夏季宽松圆领半袖',
    goodsSpec: '颜色分类:白色;尺码:L',
    goodsImageUrl: '',
    goodsCount: 1,
    payAmountFen: 3990,
    orderStatus: 1,
    isPreSale: false,
    lastShipAt: null,
    confirmedAt: null,
    remark: '',
    flag: null,
    flagName: null,
    ...fields,
  };
}

/** The shops of the sample rows: the demo account's, as a listing describes them. */
export const SAMPLE_SHOPS: readonly OrderListingShop[] = DEMO_GATEWAY_SHOPS.map((shop) => ({ shopId: shop.shopId, name: shop.name, sellerNick: shop.sellerNick, colour: shop.colour, listed: true, fetchedAt: null }));

/** The shop id of the sample rows unless told otherwise (the demo account's first shop). */
export const SAMPLE_SHOP_ID = DEMO_GATEWAY_SHOPS[0].shopId;

/** A table row for a sold order of a shop (the first sample shop unless given), with the station's state, merge key and another desk's mark replaced as given. */
export function sampleRow(
  order: Partial<SoldOrder>,
  station: Partial<OrderStationState> = {},
  mergeKey: string | null = null,
  elsewhere: ElsewhereMark | null = null,
  shopId: string = SAMPLE_SHOP_ID,
): OrderRow {
  return { shopId, order: sampleOrder(order), station: { ...untouchedOrderState, ...station }, mergeKey, elsewhere };
}
