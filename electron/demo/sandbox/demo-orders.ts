import type { SellerFlagValue } from '../../../shared/domain/seller-flags';
import { chinaDateStamp, dayMs } from '../../../shared/time/china-time';
import { DEMO_REGIONS, type DemoRegion } from './demo-regions';
import { seededRandom, type SeededRandom } from './seeded-random';

/**
 * The demo shop's sold orders: deterministic for (seed, count, generatedAt), realistic enough to
 * train on. Receivers come masked as the platform sends them; the clear values exist only so the
 * sandbox can "decrypt" them into encrypted print data, as the platform does through tid/oaid.
 */

/** Why an order is special in the demo data (the error and merge paths it shows). */
export type DemoOrderNote =
  | 'receiver-name-too-long'
  | 'order-number-not-ascii'
  | 'receiver-phone-missing'
  | 'same-buyer-same-address'
  | 'same-buyer-other-address'
  | 'order-number-of-another-shop';

/** One sold order of the demo shop, in domain form (the wire format is made per request). */
export interface DemoOrder {
  orderSn: string;
  /** The order channel the order belongs to (`order_channels_type`). */
  channel: 'TB' | 'PDD';
  receiverName: string;
  receiverPhone: string;
  province: string;
  city: string;
  /** Sold-order `town` is the district (spec 2.7). */
  district: string;
  address: string;
  /** What the platform decrypts through tid/oaid; never sent by the sold-orders endpoint. */
  clear: { name: string; mobile: string; address: string };
  goodsName: string;
  goodsSpec: string;
  goodsImg: string;
  goodsCount: number;
  payAmountFen: number;
  isPreSale: boolean;
  confirmTime: number;
  lastShipTime: number;
  remark: string;
  remarkTag: Exclude<SellerFlagValue, 0> | null;
  remarkTagName: string | null;
  orderStatus: number;
  /** Orders of one buyer share this id. */
  buyerId: string;
  notes: DemoOrderNote[];
}

/** What decides the generated orders. */
export interface DemoOrderParameters {
  seed: number;
  count: number;
  /** Epoch ms the data is relative to (ship-by times, confirmation times). */
  generatedAt: number;
  /** Label of the seed stream (default the demo shop's); each shop of the account has its own. */
  stream?: string;
}

interface Goods {
  name: string;
  specs: readonly string[];
  priceFen: number;
}

const GOODS: readonly Goods[] = [
  { name: '纯棉短袖T恤男夏季宽松圆领半袖', specs: ['颜色分类:白色;尺码:L', '颜色分类:黑色;尺码:XL', '颜色分类:雾蓝;尺码:M'], priceFen: 3990 },
  { name: '北欧ins风陶瓷马克杯带盖勺', specs: ['颜色分类:奶白色', '颜色分类:雾霾蓝', '颜色分类:燕麦色'], priceFen: 2890 },
  { name: '加厚珊瑚绒四件套冬季床上用品', specs: ['规格:1.5m床;颜色:浅灰', '规格:1.8m床;颜色:豆沙粉'], priceFen: 15900 },
  { name: '316不锈钢保温杯大容量500ml', specs: ['颜色分类:星空黑', '颜色分类:奶油白'], priceFen: 6800 },
  { name: '儿童益智木质拼图玩具3-6岁', specs: ['款式:动物园', '款式:交通工具'], priceFen: 4590 },
  { name: '无线蓝牙耳机半入耳式超长续航', specs: ['颜色分类:白色', '颜色分类:黑色'], priceFen: 8900 },
  { name: '适用iPhone15手机壳磨砂防摔保护套', specs: ['型号:iPhone15;颜色:透明', '型号:iPhone15 Pro;颜色:黑色'], priceFen: 1990 },
  { name: '懒人沙发豆袋单人卧室小户型', specs: ['颜色分类:米白色;尺寸:大号'], priceFen: 19900 },
  { name: '厨房置物架落地多层调料收纳架', specs: ['规格:三层', '规格:四层'], priceFen: 5990 },
  { name: '原木抽纸整箱家用实惠装24包', specs: ['规格:3层100抽*24包'], priceFen: 3290 },
  { name: '洗衣凝珠持久留香家庭装50颗', specs: ['香型:樱花', '香型:青柠'], priceFen: 3990 },
  { name: '豆腐猫砂除臭无尘6L', specs: ['口味:原味', '口味:绿茶'], priceFen: 2590 },
  { name: '瑜伽垫加厚加宽防滑健身垫', specs: ['颜色分类:浅紫;厚度:10mm', '颜色分类:墨绿;厚度:15mm'], priceFen: 6900 },
  { name: '学生书包大容量护脊双肩包', specs: ['颜色分类:藏青', '颜色分类:粉色'], priceFen: 12800 },
  { name: '桌面收纳盒抽屉式文具整理盒', specs: ['规格:双层', '规格:三层'], priceFen: 2490 },
  { name: '电动牙刷成人声波软毛充电式', specs: ['颜色分类:白色(含3刷头)'], priceFen: 9900 },
  { name: '零食大礼包整箱网红休闲食品', specs: ['规格:30包'], priceFen: 4990 },
  { name: '新疆阿克苏冰糖心苹果5斤装', specs: ['规格:5斤中果', '规格:5斤大果'], priceFen: 3680 },
  { name: '一次性丁腈手套食品级100只', specs: ['尺码:M', '尺码:L'], priceFen: 2200 },
  { name: '硅胶厨具套装不粘锅专用铲勺', specs: ['颜色分类:灰色7件套'], priceFen: 7900 },
];

const SURNAMES = ['张', '王', '李', '赵', '刘', '陈', '杨', '黄', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '林', '罗', '高', '欧阳', '司马'];
const GIVEN = ['伟', '芳', '娜', '敏', '静', '磊', '洋', '艳', '勇', '军', '杰', '娟', '涛', '明', '超', '秀英', '晓东', '雨欣', '子涵', '浩然', '思远', '梓萱'];
const MOBILE_PREFIXES = ['138', '139', '136', '135', '158', '159', '186', '187', '188', '177', '150', '151', '189', '199', '166'];
const VIRTUAL_PREFIXES = ['132', '170', '171', '165'];
const REMARKS = ['尽快发货，谢谢', '不要放驿站，直接送上门', '送人的，不要放价格单', '周末不在家，工作日派送', '加急！今天能发吗', '换货补发', '赠品：试用装x2', '和上一单一起发'];
const TAG_NAMES: Readonly<Record<1 | 2 | 3 | 4 | 5, readonly string[]>> = {
  1: ['加急', '催发货'],
  2: ['待核实地址', '缺货待补'],
  3: ['已核对', '可发货'],
  4: ['送赠品', '换货'],
  5: ['VIP客户', '老客户'],
};
const LONG_NAME_SUFFIX = '（请放门口快递柜，不要打电话，晚上七点后再派送，周末不在家请放驿站，谢谢配合）';

interface Buyer {
  id: string;
  surname: string;
  given: string;
  phone: { masked: string; clear: string };
  region: DemoRegion;
  detail: string;
}

function weightedRegion(random: SeededRandom): DemoRegion {
  const total = DEMO_REGIONS.reduce((sum, region) => sum + region.weight, 0);
  let roll = random.next() * total;
  for (const region of DEMO_REGIONS) {
    roll -= region.weight;
    if (roll < 0) return region;
  }
  return DEMO_REGIONS[DEMO_REGIONS.length - 1] as DemoRegion;
}

function phone(random: SeededRandom): Buyer['phone'] {
  const roll = random.next();
  if (roll < 0.25) {
    // Virtual number with extension: sent unmasked, it only reaches the buyer through the platform.
    const virtual = `${random.pick(VIRTUAL_PREFIXES)}${random.digits(8)}-${random.digits(4)}`;
    return { masked: virtual, clear: virtual };
  }
  const clear = `${random.pick(MOBILE_PREFIXES)}${random.digits(8)}`;
  return { masked: roll < 0.85 ? `${clear.slice(0, 3)}****${clear.slice(7)}` : `*******${clear.slice(7)}`, clear };
}

function streetAddress(random: SeededRandom, region: DemoRegion): string {
  return `${random.pick(region.streets)}${random.int(1, 999)}号${random.int(1, 30)}幢${random.int(1, 6)}单元${random.int(1, 33)}0${random.int(1, 4)}室`;
}

/** Masks an address as platforms do: every digit after the first of the house number becomes `*`. */
function maskAddress(detail: string): string {
  let seenDigit = false;
  return detail.replace(/\d/g, (digit) => {
    if (seenDigit) return '*';
    seenDigit = true;
    return digit;
  });
}

function newBuyer(random: SeededRandom, index: number): Buyer {
  const region = weightedRegion(random);
  return {
    id: `buyer-${index}`,
    surname: random.pick(SURNAMES),
    given: random.pick(GIVEN),
    phone: phone(random),
    region,
    detail: streetAddress(random, region),
  };
}

function taobaoOrderNumber(random: SeededRandom): string {
  // Taobao/Tmall: 18–19 digits; newer orders are 19 digits starting 2–4.
  return random.chance(0.85) ? `${random.int(2, 4)}${random.digits(18)}` : `${random.int(1, 9)}${random.digits(17)}`;
}

/** Generates the demo shop's sold orders, newest confirmation first. */
export function generateDemoOrders(parameters: DemoOrderParameters): DemoOrder[] {
  const { seed, count, generatedAt } = parameters;
  const random = seededRandom(seed, parameters.stream ?? 'sold-orders');
  const usedNumbers = new Set<string>();
  const orders: DemoOrder[] = [];
  const buyers: Buyer[] = [];

  const special = count >= 10 ? Math.max(1, Math.round(count / 700)) : 0;
  const notesFor = (index: number): DemoOrderNote[] => {
    // Special orders sit at fixed, spread-out positions so that small data sets have them too.
    const slot = (k: number) => Math.floor(((k + 0.5) * count) / (special * 5 + 1));
    const notes: DemoOrderNote[] = [];
    for (let k = 0; k < special; k++) {
      if (index === slot(k * 5)) notes.push('receiver-name-too-long');
      if (index === slot(k * 5 + 1)) notes.push('order-number-not-ascii');
      if (index === slot(k * 5 + 2)) notes.push('receiver-phone-missing');
    }
    return notes;
  };

  for (let index = 0; index < count; index++) {
    const notes = notesFor(index);
    let buyer: Buyer;
    const previous = buyers[buyers.length - 1];
    if (previous && notes.length === 0 && random.chance(0.02)) {
      // A buyer who ordered again: same address (mergeable) or, now and then, another address.
      if (random.chance(0.75)) {
        buyer = previous;
        notes.push('same-buyer-same-address');
      } else {
        const region = weightedRegion(random);
        buyer = { ...previous, region, detail: streetAddress(random, region) };
        notes.push('same-buyer-other-address');
      }
    } else {
      buyer = newBuyer(random, index);
    }
    buyers.push(buyer);

    const isPreSale = random.chance(0.05);
    // Ordinary orders: confirmed within the last 52 hours, ship within 48 hours, so some are
    // urgent and a few overdue. Pre-sale orders: confirmed within 10 days, ship in 15.
    const confirmTime = isPreSale ? generatedAt - random.int(0, 10 * dayMs) : generatedAt - random.int(5 * 60_000, 52 * 3600_000);
    const lastShipTime = confirmTime + (isPreSale ? 15 * dayMs : 2 * dayMs);
    const isPdd = random.chance(0.08);
    let orderSn = '';
    while (orderSn === '' || usedNumbers.has(orderSn)) {
      orderSn = isPdd ? `${chinaDateStamp(confirmTime)}-${random.digits(15)}` : taobaoOrderNumber(random);
    }
    usedNumbers.add(orderSn);
    if (notes.includes('order-number-not-ascii')) orderSn = `补发${orderSn}`;

    const goods = random.pick(GOODS);
    const goodsIndex = GOODS.indexOf(goods);
    const goodsCount = random.chance(0.8) ? 1 : random.int(2, 5);
    const masked = `${buyer.surname}${'*'.repeat(buyer.given.length)}`;
    const longName = notes.includes('receiver-name-too-long');
    const phoneMissing = notes.includes('receiver-phone-missing');
    const tag = random.chance(0.15) ? (random.int(1, 5) as 1 | 2 | 3 | 4 | 5) : null;

    orders.push({
      orderSn,
      channel: isPdd ? 'PDD' : 'TB',
      receiverName: longName ? `${masked}${LONG_NAME_SUFFIX}` : masked,
      receiverPhone: phoneMissing ? '' : buyer.phone.masked,
      province: buyer.region.province,
      city: buyer.region.city,
      district: buyer.region.district,
      address: maskAddress(buyer.detail),
      clear: {
        name: longName ? `${buyer.surname}${buyer.given}${LONG_NAME_SUFFIX}` : `${buyer.surname}${buyer.given}`,
        mobile: phoneMissing ? '' : buyer.phone.clear,
        address: buyer.detail,
      },
      goodsName: goods.name,
      goodsSpec: random.pick(goods.specs),
      goodsImg: `https://img.alicdn.com/imgextra/i${(goodsIndex % 4) + 1}/2201385297/O1CN01demo${String(goodsIndex).padStart(4, '0')}_!!2201385297.jpg`,
      goodsCount,
      payAmountFen: goods.priceFen * goodsCount - (random.chance(0.3) ? random.int(1, 10) * 100 : 0),
      isPreSale,
      confirmTime,
      lastShipTime,
      remark: random.chance(0.2) ? random.pick(REMARKS) : '',
      remarkTag: tag,
      remarkTagName: tag === null ? null : random.pick(TAG_NAMES[tag]),
      // Mostly 1; a few other values, so the desk's order-status filter and held-back statuses have something to show.
      orderStatus: index % 40 === 17 ? 2 : index % 97 === 5 ? 3 : 1,
      buyerId: buyer.id,
      notes,
    });
  }
  return orders.sort((a, b) => b.confirmTime - a.confirmTime || a.orderSn.localeCompare(b.orderSn));
}

/** How many sold orders one shop of the account has. */
export interface ShopOrderCount {
  shopId: string;
  orderCount: number;
}

/** A Taobao order without special notes: the kind of order two shops may share a number with. */
const plainTaobao = (order: DemoOrder) => order.channel === 'TB' && order.notes.length === 0;

/**
 * The sold orders of every shop of the account, shop by shop: the first shop's are exactly those
 * of a one-shop account; each further shop draws from its own seed stream. The second shop's
 * newest plain Taobao order deliberately carries the number of the first shop's newest one (noted
 * `order-number-of-another-shop`): the same order number in two shops is two orders.
 */
export function generateShopOrders(shops: readonly ShopOrderCount[], seed: number, generatedAt: number): DemoOrder[][] {
  const perShop = shops.map(({ shopId, orderCount }, index) =>
    generateDemoOrders({ seed, count: orderCount, generatedAt, ...(index === 0 ? {} : { stream: `sold-orders/${shopId}` }) }),
  );
  const shared = perShop[0]?.find(plainTaobao);
  const second = perShop[1];
  const borrower = second?.find(plainTaobao);
  if (shared && second && borrower && !second.some((order) => order.orderSn === shared.orderSn)) {
    second[second.indexOf(borrower)] = { ...borrower, orderSn: shared.orderSn, notes: ['order-number-of-another-shop'] };
  }
  return perShop;
}
