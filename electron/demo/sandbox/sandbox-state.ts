import type { PrintParty } from '../sandbox-print-crypto';
import { dayMs } from '../../../shared/time/china-time';
import { allBranches, type BranchDefinition } from './demo-network';
import { generateShopOrders, type DemoOrder } from './demo-orders';
import { buildPrintContent } from './print-content';
import type { IssuedWaybill, PersistedShop, PersistedState } from './state-file';
import { waybillNumber } from './waybill-numbers';

/**
 * The sandbox's moving state: points, branch balances, issued waybills, subscription period, and
 * the (regenerated, deterministic) sold orders. Every change is synchronous, so a check and the
 * allocation that follows it cannot interleave with another call.
 */

/** Balances of one branch, as tests and the admin route read them. */
export interface BranchBalance {
  cpCode: string;
  branchCode: string;
  branchName: string;
  quantity: number;
  allocatedQuantity: number;
  cancelQuantity: number;
  recycledQuantity: number;
}

/** One waybill to allocate: the entry of an issue call, or an order issued "elsewhere". */
export interface WaybillRequest {
  objectId: string;
  orderNumbers: string[];
  recipient: PrintParty;
  services: Record<string, Record<string, string>>;
  templateUrl: string;
  /**
   * One of several parcels of its one order (一单多包): the parcels of an order in one allocation
   * share the first parcel's waybill number as their parent.
   */
  parcel?: boolean;
}

/** A batch of waybills at one branch, for orders of one shop. */
export interface Allocation {
  shopId: string;
  cpCode: string;
  branch: BranchDefinition;
  sender: PrintParty;
  entries: WaybillRequest[];
  source: IssuedWaybill['source'];
  at: number;
}

/** What a fresh state starts from. */
export interface FreshStateParameters {
  seed: number;
  /** The account's shops, the first being the demo shop. */
  shops: PersistedShop[];
  generatedAt: number;
  pointsBalance: number;
  subscription: { start: number; end: number };
}

type Counters = PersistedState['branches'][string];

/** A shop of the account: who it is (orders are asked for by shop id, issued with its user id). */
export type SandboxShop = Omit<PersistedShop, 'orderCount'>;

/** An order that was given a second (third, …) waybill, with all its numbers. */
export interface SecondWaybill {
  shopId: string;
  orderNumber: string;
  waybillCodes: string[];
}

/** One shop's sold orders: the list (newest first) and the index by order number. */
interface ShopBook {
  list: DemoOrder[];
  bySn: Map<string, DemoOrder>;
}

/** The key of an order: order numbers are unique within a shop only. */
const orderKey = (shopId: string, orderSn: string) => `${shopId}\n${orderSn}`;

/** The state of one sandbox instance. */
export class SandboxState {
  private readonly books = new Map<string, ShopBook>();
  /** Each order's latest ticket: its one waybill, or its parcels' waybills (first parcel first). */
  private readonly issuedByOrder = new Map<string, IssuedWaybill[]>();
  private readonly usedCodes = new Set<string>();
  /** Orders allocated a waybill while they had one (overlap check off), with every number they got. */
  private readonly repeated = new Map<string, SecondWaybill>();

  private constructor(
    private readonly data: PersistedState,
    now: number,
  ) {
    // Orders keep their numbers for good; their times move forward by whole days, so a demo
    // restarted from its data file next week still has urgent orders (and none from the future).
    const shift = Math.max(0, Math.floor((now - data.generatedAt) / dayMs)) * dayMs;
    const generated = generateShopOrders(data.shops, data.seed, data.generatedAt);
    data.shops.forEach(({ shopId }, index) => {
      const list = (generated[index] ?? []).map((order) =>
        shift === 0 ? order : { ...order, confirmTime: order.confirmTime + shift, lastShipTime: order.lastShipTime + shift },
      );
      this.books.set(shopId, { list, bySn: new Map(list.map((order) => [order.orderSn, order])) });
    });
    for (const { branch } of allBranches()) {
      data.branches[branch.code] ??= { ...branch.initial };
    }
    for (const waybill of data.issued) this.index(waybill);
  }

  /** A new state: demo orders and balances as defined, nothing issued. */
  static fresh(parameters: FreshStateParameters): SandboxState {
    const data: PersistedState = {
      format: 'waybill-sandbox-state',
      version: 2,
      seed: parameters.seed,
      shops: parameters.shops,
      generatedAt: parameters.generatedAt,
      pointsBalance: parameters.pointsBalance,
      subscription: parameters.subscription,
      waybillSerial: 0,
      branches: {},
      issued: [],
    };
    return new SandboxState(data, parameters.generatedAt);
  }

  /** The state a data file held, as of `now`. */
  static restore(persisted: PersistedState, now: number): SandboxState {
    return new SandboxState(structuredClone(persisted), now);
  }

  /** Everything to persist, as the data file's JSON text. */
  serialize(): string {
    return JSON.stringify(this.data);
  }

  /** The seed the orders and waybill numbers derive from. */
  get seed(): number {
    return this.data.seed;
  }

  /** Points left on the account. */
  get pointsBalance(): number {
    return this.data.pointsBalance;
  }

  set pointsBalance(points: number) {
    this.data.pointsBalance = points;
  }

  /** Subscription start and end (epoch ms). */
  get subscription(): { start: number; end: number } {
    return { ...this.data.subscription };
  }

  set subscription(period: { start: number; end: number }) {
    this.data.subscription = { ...period };
  }

  /** Takes a call's fee from the points balance. */
  charge(points: number): void {
    this.data.pointsBalance -= points;
  }

  /** The account's shops, the demo shop first. */
  get shops(): SandboxShop[] {
    return this.data.shops.map(({ shopId, sellerNick, userId, name }) => ({ shopId, sellerNick, userId, name }));
  }

  /** The account's shop with this id, if it is one. */
  shop(shopId: string): SandboxShop | undefined {
    return this.shops.find((shop) => shop.shopId === shopId);
  }

  /** A shop's sold orders, newest confirmation first. */
  orders(shopId: string): readonly DemoOrder[] {
    return this.book(shopId).list;
  }

  /** The account's shops that sold an order with this number (usually none or one). */
  shopsSelling(orderSn: string): string[] {
    return [...this.books].filter(([, book]) => book.bySn.has(orderSn)).map(([shopId]) => shopId);
  }

  /**
   * The merchant corrects an order's receiver on the platform (a missing phone, a name too long):
   * the order is sent so from now on. Kept in memory only, like the generated orders themselves.
   */
  editReceiver(shopId: string, orderSn: string, receiver: { name?: string; mobile?: string }): DemoOrder {
    const book = this.book(shopId);
    const order = book.bySn.get(orderSn);
    if (!order) throw new Error(`unknown order ${orderSn} of shop ${shopId}`);
    const name = receiver.name ?? order.clear.name;
    const mobile = receiver.mobile ?? order.clear.mobile;
    const edited: DemoOrder = {
      ...order,
      // Masked as the platform sends receivers: the surname, and the phone's first three and last four digits.
      receiverName: receiver.name === undefined ? order.receiverName : `${name.slice(0, 1)}${'*'.repeat(Math.max(0, name.length - 1))}`,
      receiverPhone: receiver.mobile === undefined ? order.receiverPhone : `${mobile.slice(0, 3)}****${mobile.slice(-4)}`,
      clear: { ...order.clear, name, mobile },
    };
    book.list[book.list.indexOf(order)] = edited;
    book.bySn.set(orderSn, edited);
    return edited;
  }

  /** The sold order with this number, if it is one of the shop's. */
  order(shopId: string, orderSn: string): DemoOrder | undefined {
    return this.books.get(shopId)?.bySn.get(orderSn);
  }

  /** Balances of every branch, in network order. */
  branchBalances(): BranchBalance[] {
    return allBranches().map(({ cpCode, branch }) => {
      const counters = this.counters(branch.code);
      return {
        cpCode,
        branchCode: branch.code,
        branchName: branch.name,
        quantity: counters.quantity,
        allocatedQuantity: counters.allocated,
        cancelQuantity: counters.cancelled,
        recycledQuantity: counters.recycled,
      };
    });
  }

  /** The counters of one branch (every defined branch has them). */
  counters(branchCode: string): Counters {
    const counters = this.data.branches[branchCode];
    if (!counters) throw new Error(`unknown branch ${branchCode}`);
    return counters;
  }

  /** Sets a branch's remaining balance (tests, admin route). */
  setBranchQuantity(branchCode: string, quantity: number): void {
    this.counters(branchCode).quantity = quantity;
  }

  /** The waybill issued for a shop's order, if any (the first parcel's for an order shipped in several). */
  issuedFor(shopId: string, orderSn: string): IssuedWaybill | undefined {
    return this.waybillsOf(shopId, orderSn)[0];
  }

  /** The waybills of a shop's order: none, its one waybill, or one per parcel (first parcel first). */
  waybillsOf(shopId: string, orderSn: string): readonly IssuedWaybill[] {
    return this.issuedByOrder.get(orderKey(shopId, orderSn)) ?? [];
  }

  /** Orders given a second (third, …) waybill since start, with all their numbers. */
  secondWaybills(): SecondWaybill[] {
    return [...this.repeated.values()].map((repeat) => ({ ...repeat, waybillCodes: [...repeat.waybillCodes] }));
  }

  /** Every issued waybill, oldest first. */
  issuedWaybills(): IssuedWaybill[] {
    return structuredClone(this.data.issued);
  }

  /**
   * Allocates one waybill per entry at the branch: numbers in the carrier's shape, balance down,
   * allocated up; an order's parcels get the first parcel's number as parent. The caller has
   * checked the balance and that no order is already issued.
   */
  allocate(allocation: Allocation): IssuedWaybill[] {
    const counters = this.counters(allocation.branch.code);
    // Taken before allocating, so an order's second parcel does not count as a second waybill.
    const issuedBefore = new Set(
      allocation.entries
        .flatMap((entry) => entry.orderNumbers)
        .map((orderSn) => orderKey(allocation.shopId, orderSn))
        .filter((key) => this.issuedByOrder.has(key)),
    );
    const parents = new Map<string, string>();
    return allocation.entries.map((entry) => {
      const waybillCode = this.nextWaybillCode(allocation.cpCode);
      counters.quantity -= 1;
      counters.allocated += 1;
      let parentWaybillCode: string | undefined;
      const [parcelOf] = entry.orderNumbers;
      if (entry.parcel && parcelOf !== undefined) {
        parentWaybillCode = parents.get(parcelOf) ?? waybillCode;
        parents.set(parcelOf, parentWaybillCode);
      }
      const content = buildPrintContent({
        waybillCode,
        cpCode: allocation.cpCode,
        branch: allocation.branch,
        sender: allocation.sender,
        recipient: entry.recipient,
        services: entry.services,
      });
      const waybill: IssuedWaybill = {
        shopId: allocation.shopId,
        waybillCode,
        cpCode: allocation.cpCode,
        branchCode: allocation.branch.code,
        objectId: entry.objectId,
        orderNumbers: [...entry.orderNumbers],
        templateUrl: entry.templateUrl,
        issuedAt: allocation.at,
        source: allocation.source,
        content,
        decryptedRecipient: this.decryptRecipient(allocation.shopId, entry.recipient, entry.orderNumbers),
        ...(parentWaybillCode === undefined ? {} : { parentWaybillCode }),
      };
      for (const orderSn of entry.orderNumbers) {
        const key = orderKey(allocation.shopId, orderSn);
        if (!issuedBefore.has(key)) continue;
        const codes = this.repeated.get(key)?.waybillCodes ?? this.waybillsOf(allocation.shopId, orderSn).map((before) => before.waybillCode);
        this.repeated.set(key, { shopId: allocation.shopId, orderNumber: orderSn, waybillCodes: [...codes, waybillCode] });
      }
      this.data.issued.push(waybill);
      this.index(waybill);
      return structuredClone(waybill);
    });
  }

  /**
   * The recipient as the platform decrypts it for encrypted print data: the clear name, mobile
   * and address of the demo order, where the entry sent the masked values the order carries.
   */
  private decryptRecipient(shopId: string, recipient: PrintParty, orderNumbers: readonly string[]): PrintParty {
    const order = orderNumbers.map((sn) => this.order(shopId, sn)).find((candidate) => candidate !== undefined);
    if (!order) return recipient;
    return {
      ...recipient,
      name: recipient.name === order.receiverName ? order.clear.name : recipient.name,
      mobile: recipient.mobile === order.receiverPhone ? order.clear.mobile : recipient.mobile,
      address: { ...recipient.address, detail: recipient.address.detail === order.address ? order.clear.address : recipient.address.detail },
    };
  }

  private nextWaybillCode(cpCode: string): string {
    for (;;) {
      this.data.waybillSerial += 1;
      const code = waybillNumber(this.data.seed, cpCode, this.data.waybillSerial);
      if (!this.usedCodes.has(code)) return code;
    }
  }

  private book(shopId: string): ShopBook {
    const book = this.books.get(shopId);
    if (!book) throw new Error(`unknown shop ${shopId}`);
    return book;
  }

  private index(waybill: IssuedWaybill): void {
    this.usedCodes.add(waybill.waybillCode);
    for (const orderSn of waybill.orderNumbers) {
      const key = orderKey(waybill.shopId, orderSn);
      const ticket = this.issuedByOrder.get(key) ?? [];
      // A further parcel joins its ticket; any other waybill replaces what the order had (the latest wins).
      const sameTicket = waybill.parentWaybillCode !== undefined && ticket[0]?.parentWaybillCode === waybill.parentWaybillCode;
      this.issuedByOrder.set(key, sameTicket ? [...ticket, waybill] : [waybill]);
    }
  }
}
