import type { StationError } from '../errors/station-error';
import type { Result } from '../result';

/**
 * print_data decoded once, in the main process, and passed along as this one value. `content` is
 * the JSON object exactly as the gateway serialized it (encryptedData/signature/templateURL/ver,
 * or data/signature/templateURL): it goes unchanged into a print task's contents. `text` is the
 * JSON text the station stores, once, with its waybill (never serialized again on the way).
 */
export interface PrintData {
  content: Record<string, unknown>;
  /** The JSON text of `content`: the gateway's own text when it sent print_data as text. */
  text: string;
  /** templateURL inside the print data, if any. */
  templateUrl: string | null;
  /** Whether the content is encrypted (only the print component can read it). */
  encrypted: boolean;
}

/** A waybill the issue call returned. */
export interface IssuedWaybill {
  objectId: string;
  /** The waybill number (in parent/child mode the child's). */
  waybillCode: string;
  /** In parent/child mode the parent number (for shipping and tracking); null otherwise. */
  parentWaybillCode: string | null;
  /** The print data, or "print data unreadable" — the waybill number is recorded either way. */
  printData: Result<PrintData>;
}

/** What became of one entry of an issue call, matched by object_id. */
export type IssueEntryOutcome =
  | { objectId: string; status: 'issued'; waybill: IssuedWaybill }
  /** The gateway rejected this entry in plain, recognised words: it got no waybill. */
  | { objectId: string; status: 'failed'; error: StationError }
  /** No result, or one the station cannot read with certainty: its outcome is unknown until queried. */
  | { objectId: string; status: 'unknown'; error: StationError };

/** The decoded answer of an issue call: one outcome per requested entry, in request order. */
export interface IssueResult {
  outcomes: IssueEntryOutcome[];
  /** Results whose object_id matched no requested entry (logged, otherwise ignored). */
  unmatchedResults: number;
  points: number;
}

/** A waybill found by the query endpoint for an order number. */
export interface QueriedWaybill {
  orderNumber: string;
  waybillCode: string;
  parentWaybillCode: string | null;
  printData: Result<PrintData>;
}

/** What the query endpoint said about one order number, matched by object_id. */
export type QueryEntryOutcome =
  /** `parcels`: every waybill of an order shipped in several parcels (one ticket: one parent waybill), `waybill` the first of them; absent for one waybill. */
  | { orderNumber: string; status: 'found'; waybill: QueriedWaybill; parcels?: QueriedWaybill[] }
  /** The gateway's explicit, recognised "no waybill for this order": it may be issued. */
  | { orderNumber: string; status: 'not-issued' }
  /** Anything else (a failed entry, no result, a shape the station cannot read): still unknown, in the gateway's words. */
  | { orderNumber: string; status: 'unknown'; error: StationError };

/** The decoded answer of a query call: one outcome per requested order number, in request order. */
export interface QueryResult {
  outcomes: QueryEntryOutcome[];
  unmatchedResults: number;
  points: number;
}
