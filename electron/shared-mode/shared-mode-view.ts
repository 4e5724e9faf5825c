import type { SharedStation } from './shared-station';

/** A desk of the account, as the Desks view shows it. */
export interface DeskView {
  deskId: string;
  name: string;
  /** Seen within the last half minute (the server's clock). */
  online: boolean;
  /** When the server last saw it (epoch ms). */
  lastSeenAt: number;
  /** The job it runs now; null when idle. */
  currentJobId: string | null;
  /** Labels it issued this China day. */
  labelsToday: number;
  /** This desk itself. */
  thisDesk: boolean;
}

/** An order another desk holds or issued, as the orders table shows it ("at desk 2"). */
export interface ElsewhereOrder {
  desk: string;
  state: 'held' | 'issued';
  waybillCode: string | null;
}

/**
 * What the renderer's shared-mode views read (orders table, Desks view): the link's state, the
 * desks, orders other desks hold or issued, and a signal when any of it may have changed (the
 * account's notifications, and the link coming back). With the mode off, or the server away,
 * it answers "nothing elsewhere" and no desks: the views show the desk alone.
 */
export interface SharedModeView {
  state(): 'off' | 'connected' | 'unreachable';
  desks(): Promise<DeskView[]>;
  /** Orders among these held or issued by ANOTHER desk (this desk's own are the journal's to show). */
  elsewhere(orderNumbers: readonly string[]): Promise<Map<string, ElsewhereOrder>>;
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

/** The view on a desk's link to the shared database, for orders of the gateway and shop set now. */
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
    elsewhere: (orderNumbers) =>
      whenConnected(async () => {
        const held = await station.claims.heldBy(station.gatewayIdentity(), orderNumbers);
        const elsewhere = new Map<string, ElsewhereOrder>();
        for (const [orderNumber, claim] of held) {
          if (claim.holder.deskId === station.access.deskId) continue;
          elsewhere.set(orderNumber, { desk: claim.holder.deskName, state: claim.state === 'issued' ? 'issued' : 'held', waybillCode: claim.waybillCode });
        }
        return elsewhere;
      }, new Map<string, ElsewhereOrder>()),
    onChange: (listener) =>
      station.subscribe((event) => {
        if (event.type !== 'connection-lost') listener();
      }),
  };
}
