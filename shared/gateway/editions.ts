import type { GatewayEndpointId } from './endpoints';

/**
 * Editions and the `vvtype` numbers that select them (spec section 9, decisions.md "Editions").
 * Users choose an edition by name; the number differs per endpoint (sold orders count the other
 * way round), and network info sends none.
 */

/** The edition names a user chooses from. */
export type EditionName = 'basic' | 'enhanced' | 'standard';

/** Every edition, in the order the settings list them. */
export const EDITION_NAMES: readonly EditionName[] = ['basic', 'enhanced', 'standard'];

/** vvtype to send for an edition at an endpoint; null means "do not send vvtype". */
export const EDITION_VVTYPES: Readonly<Record<EditionName, Readonly<Record<GatewayEndpointId, number | null>>>> = {
  basic: { subscription: 1, issue: 1, 'query-issued': 1, 'sold-orders': 2, 'network-info': null },
  // query-issued 1 for enhanced is the project's choice: the spec documents only 1 and 3 there.
  enhanced: { subscription: 2, issue: 2, 'query-issued': 1, 'sold-orders': 1, 'network-info': null },
  // sold-orders 1 for standard is the project's choice: the spec documents only 1 and 2 there.
  standard: { subscription: 3, issue: 3, 'query-issued': 3, 'sold-orders': 1, 'network-info': null },
};

/** What the gateway documents about vvtype at one endpoint. */
export interface VvtypeRule {
  /** The request is refused without it. */
  required: boolean;
  /** Assumed when omitted; null where none is documented. */
  defaultValue: number | null;
  /** Values the spec documents; empty where the spec gives none (network info). */
  documented: readonly number[];
}

/** Per-endpoint vvtype rules, from spec sections 4 and 9. */
export const VVTYPE_RULES: Readonly<Record<GatewayEndpointId, VvtypeRule>> = {
  'query-issued': { required: true, defaultValue: null, documented: [1, 3] },
  subscription: { required: false, defaultValue: 1, documented: [1, 2, 3] },
  issue: { required: false, defaultValue: 1, documented: [1, 2, 3] },
  'network-info': { required: false, defaultValue: null, documented: [] },
  'sold-orders': { required: false, defaultValue: 1, documented: [1, 2] },
};

/**
 * The sold-order vvtype under which the server-side filters (start_time, end_time, remark,
 * remarkTag, remarkTagName) are honoured; with any other value the gateway ignores them.
 */
export const SOLD_ORDER_FILTERS_VVTYPE = 1;

/** Per-endpoint vvtype overrides from the advanced settings (null: send none). */
export type VvtypeOverrides = Partial<Record<GatewayEndpointId, number | null>>;

/** The vvtype actually sent to an endpoint: the override where one is set, else the edition's. */
export function effectiveVvtype(edition: EditionName, overrides: VvtypeOverrides | undefined, endpoint: GatewayEndpointId): number | null {
  return overrides && Object.hasOwn(overrides, endpoint) ? (overrides[endpoint] ?? null) : EDITION_VVTYPES[edition][endpoint];
}

/** Whether the server-side sold-order filters work for this edition and overrides. */
export function soldOrderFiltersAvailable(edition: EditionName, overrides: VvtypeOverrides | undefined): boolean {
  return effectiveVvtype(edition, overrides, 'sold-orders') === SOLD_ORDER_FILTERS_VVTYPE;
}
