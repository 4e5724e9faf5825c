import type { PrintParty } from '../sandbox-print-crypto';
import { dayMs } from '../../../shared/time/china-time';
import { allBranches, type BranchDefinition } from './demo-network';
import { generateDemoOrders, type DemoOrder } from './demo-orders';
import { buildPrintContent } from './print-content';
import type { IssuedWaybill, PersistedState } from './state-file';
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
}

/** A batch of waybills at one branch. */
export interface Allocation {
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
  orderCount: number;
  generatedAt: number;
  pointsBalance: number;
  subscription: { start: number; end: number };
}

type Counters = PersistedState['branches'][string];

/** The state of one sandbox instance. */
export class SandboxState {
  private readonly orderList: DemoOrder[];
  private readonly orderBySn: Map<string, DemoOrder>;
  private readonly issuedByOrder = new Map<string, IssuedWaybill>();
  private readonly usedCodes = new Set<string>();
  /** Orders allocated a waybill while they had one (overlap check off), with every number they got. */
  private readonly repeated = new Map<string, string[]>();

  private constructor(
    private readonly data: PersistedState,
    now: number,
  ) {
    // Orders keep their numbers for good; their times move forward by whole days, so a demo
    // restarted from its data file next week still has urgent orders (and none from the future).
    const shift = Math.max(0, Math.floor((now - data.generatedAt) / dayMs)) * dayMs;
    this.orderList = generateDemoOrders({ seed: data.seed, count: data.orderCount, generatedAt: data.generatedAt }).map((order) =>
      shift === 0 ? order : { ...order, confirmTime: order.confirmTime + shift, lastShipTime: order.lastShipTime + shift },
    );
    this.orderBySn = new Map(this.orderList.map((order) => [order.orderSn, order]));
    for (const { branch } of allBranches()) {
      data.branches[branch.code] ??= { ...branch.initial };
    }
    for (const waybill of data.issued) this.index(waybill);
  }

  /** A new state: demo orders and balances as defined, nothing issued. */
  static fresh(parameters: FreshStateParameters): SandboxState {
    const data: PersistedState = {
      format: 'waybill-sandbox-state',
      version: 1,
      seed: parameters.seed,
      orderCount: parameters.orderCount,
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

  /** The demo shop's sold orders, newest confirmation first. */
  get orders(): readonly DemoOrder[] {
    return this.orderList;
  }

  /**
   * The merchant corrects an order's receiver on the platform (a missing phone, a name too long):
   * the order is sent so from now on. Kept in memory only, like the generated orders themselves.
   */
  editReceiver(orderSn: string, receiver: { name?: string; mobile?: string }): DemoOrder {
    const order = this.orderBySn.get(orderSn);
    if (!order) throw new Error(`unknown order ${orderSn}`);
    const name = receiver.name ?? order.clear.name;
    const mobile = receiver.mobile ?? order.clear.mobile;
    const edited: DemoOrder = {
      ...order,
      // Masked as the platform sends receivers: the surname, and the phone's first three and last four digits.
      receiverName: receiver.name === undefined ? order.receiverName : `${name.slice(0, 1)}${'*'.repeat(Math.max(0, name.length - 1))}`,
      receiverPhone: receiver.mobile === undefined ? order.receiverPhone : `${mobile.slice(0, 3)}****${mobile.slice(-4)}`,
      clear: { ...order.clear, name, mobile },
    };
    this.orderList[this.orderList.indexOf(order)] = edited;
    this.orderBySn.set(orderSn, edited);
    return edited;
  }

  /** The sold order with this number, if it is one of the demo shop's. */
  order(orderSn: string): DemoOrder | undefined {
    return this.orderBySn.get(orderSn);
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

  /** The waybill issued for an order number, if any. */
  issuedFor(orderSn: string): IssuedWaybill | undefined {
    return this.issuedByOrder.get(orderSn);
  }

  /** Orders given a second (third, …) waybill since start, with all their numbers. */
  secondWaybills(): { orderNumber: string; waybillCodes: string[] }[] {
    return [...this.repeated].map(([orderNumber, waybillCodes]) => ({ orderNumber, waybillCodes: [...waybillCodes] }));
  }

  /** Every issued waybill, oldest first. */
  issuedWaybills(): IssuedWaybill[] {
    return structuredClone(this.data.issued);
  }

  /**
   * Allocates one waybill per entry at the branch: numbers in the carrier's shape, balance down,
   * allocated up. The caller has checked the balance and that no order is already issued.
   */
  allocate(allocation: Allocation): IssuedWaybill[] {
    const counters = this.counters(allocation.branch.code);
    return allocation.entries.map((entry) => {
      const waybillCode = this.nextWaybillCode(allocation.cpCode);
      counters.quantity -= 1;
      counters.allocated += 1;
      const content = buildPrintContent({
        waybillCode,
        cpCode: allocation.cpCode,
        branch: allocation.branch,
        sender: allocation.sender,
        recipient: entry.recipient,
        services: entry.services,
      });
      const waybill: IssuedWaybill = {
        waybillCode,
        cpCode: allocation.cpCode,
        branchCode: allocation.branch.code,
        objectId: entry.objectId,
        orderNumbers: [...entry.orderNumbers],
        templateUrl: entry.templateUrl,
        issuedAt: allocation.at,
        source: allocation.source,
        content,
        decryptedRecipient: this.decryptRecipient(entry.recipient, entry.orderNumbers),
      };
      for (const orderSn of entry.orderNumbers) {
        const before = this.issuedByOrder.get(orderSn);
        if (before) this.repeated.set(orderSn, [...(this.repeated.get(orderSn) ?? [before.waybillCode]), waybillCode]);
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
  private decryptRecipient(recipient: PrintParty, orderNumbers: readonly string[]): PrintParty {
    const order = orderNumbers.map((sn) => this.orderBySn.get(sn)).find((candidate) => candidate !== undefined);
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

  private index(waybill: IssuedWaybill): void {
    this.usedCodes.add(waybill.waybillCode);
    for (const orderSn of waybill.orderNumbers) this.issuedByOrder.set(orderSn, waybill);
  }
}
