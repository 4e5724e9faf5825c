import type { DeskView, ElsewhereMark, SharedModeState } from '../../shared/domain/desks';
import { shopOrderKey, type ShopOrderRef } from '../../shared/domain/shop-order';
import type { SharedStation } from './shared-station';

/**
 * What the renderer's shared-mode views read (orders table, Desks view): the link's state, the
 * desks, orders other desks hold or issued, and a signal when any of it may have changed (the
 * account's notifications, and the link coming back). With the mode off, or the server away,
 * it answers "nothing elsewhere" and no desks: the views show the desk alone.
 */
export interface SharedModeView {
  state(): SharedModeState;
  desks(): Promise<DeskView[]>;
  /** Orders among these (of any shops of the account) held or issued by ANOTHER desk, by `shopOrderKey` (this desk's own are the journal's to show). */
  elsewhere(orders: readonly ShopOrderRef[]): Promise<Map<string, ElsewhereMark>>;
  /** Calls `listener` when claims, waybills, desks or the link changed; answers how to stop. */
  onChange(listener: () => void): () => void;
}

/** The view of a station in local mode. */
export const sharedModeOff: SharedModeView = {
  state: () => 'off',
  desks: async () => [],
  elsewhere: async () => new Map(),
  onChange: () => () => undefined,
};

/** The view on a desk's link to the shared database, for orders of the shops of the gateway set now. */
export function createSharedModeView(station: SharedStation): SharedModeView {
  const whenConnected = async <T>(work: () => Promise<T>, otherwise: T): Promise<T> => {
    if (station.state() !== 'connected') return otherwise;
    try {
      return await work();
    } catch (error) {
      station.noticeFailure(error);
      return otherwise;
    }
  };
  return {
    state: () => station.state(),
    desks: () => whenConnected(async () => (await station.desks.list()).map((desk) => ({ ...desk, thisDesk: desk.deskId === station.access.deskId })), []),
    elsewhere: (orders) =>
      whenConnected(async () => {
        const byShop = new Map<string, string[]>();
        for (const { shopId, orderNumber } of orders) byShop.set(shopId, [...(byShop.get(shopId) ?? []), orderNumber]);
        const elsewhere = new Map<string, ElsewhereMark>();
        // Claims are kept per shop: one question per shop of the listing.
        for (const [shopId, orderNumbers] of byShop) {
          const held = await station.claims.heldBy({ ...station.gatewayIdentity(), shopId }, orderNumbers);
          for (const [orderNumber, claim] of held) {
            if (claim.holder.deskId === station.access.deskId) continue;
            elsewhere.set(shopOrderKey({ shopId, orderNumber }), { desk: claim.holder.deskName, state: claim.state === 'issued' ? 'issued' : 'held', waybillCode: claim.waybillCode });
          }
        }
        return elsewhere;
      }, new Map<string, ElsewhereMark>()),
    // A lost link changes the state the header shows as much as a claim changes the table.
    onChange: (listener) => station.subscribe(() => listener()),
  };
}
