import type { StationError } from '../errors/station-error';

/**
 * The desks of a shared mode: several packing desks on one merchant account, coordinated by one
 * PostgreSQL database. Off (one desk on its own) by default.
 */

/** Where this desk's shared mode stands: off, connected to the shared database, or unable to reach it. */
export type SharedModeState = 'off' | 'connected' | 'unreachable';

/** One desk of the account, as the Desks view shows it. */
export interface DeskView {
  deskId: string;
  name: string;
  /** Seen by the shared database recently (by the server's clock). */
  online: boolean;
  /** The desk the view is shown at. */
  thisDesk: boolean;
  /** The job the desk is running, null when idle. */
  currentJobId: string | null;
  /** Labels the desk issued this China calendar day. */
  labelsToday: number;
  /** When the desk was last seen (epoch ms). */
  lastSeenAt: number;
}

/** An order another desk holds for its job (a claim), or issued a waybill for. */
export type ElsewhereMark = { desk: string; state: 'held' | 'issued'; waybillCode: string | null };

/**
 * How often the shared history may refuse a waybill (the server answers, and says no: a
 * constraint, a value it cannot store) before the desk sets it aside, so that the ones after it
 * flow; it is shown under Attention with the server's reason. A lost server is no refusal.
 */
export const SHARE_REFUSALS_BEFORE_SET_ASIDE = 5;

/** A waybill of this desk the shared history kept refusing: set aside so the others flow, shown under Attention with the server's reason. */
export interface SetAsideWaybill {
  waybillCode: string;
  shopId: string;
  orderNumbers: string[];
  /** Epoch ms. */
  setAsideAt: number;
  reason: StationError;
}

/** The desks as `desks.list` answers them: none while the shared mode is off. */
export interface DeskListing {
  state: SharedModeState;
  desks: DeskView[];
  /** This desk's waybills the shared history refused (none while the mode is off). */
  setAside: SetAsideWaybill[];
}
