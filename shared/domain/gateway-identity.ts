/**
 * The gateway and shop a job, a journal row or a print task was issued against. Start-up
 * reconciliation, retries, resumes, queued labels and reprints act only under the same one: a
 * sandbox answers "not found" for a real shop's order, and a real label must not come out of
 * the demo emulator.
 */
export interface GatewayIdentity {
  /** The gateway base URL as set; DEMO_GATEWAY for the embedded sandbox (whose port changes every start). */
  baseUrl: string;
  shopId: string;
}

/** The base URL recorded for the embedded sandbox gateway (demo mode). */
export const DEMO_GATEWAY = 'demo';

/**
 * Recorded for rows written before the gateway was recorded, where it could not be known. It
 * matches no gateway: such rows wait (never reconciled, printed or reprinted against a guess).
 */
export const UNKNOWN_GATEWAY = 'unknown';

/** Whether rows of `recorded` may be acted on under `current` (an unknown one never may). */
export function sameGateway(recorded: GatewayIdentity, current: GatewayIdentity): boolean {
  return recorded.baseUrl !== UNKNOWN_GATEWAY && recorded.shopId !== UNKNOWN_GATEWAY && recorded.baseUrl === current.baseUrl && recorded.shopId === current.shopId;
}

/** Whether rows of `recorded` may be acted on under one of `current` (the gateway set now, once per shop of the account). */
export function amongGateways(recorded: GatewayIdentity, current: readonly GatewayIdentity[]): boolean {
  return current.some((identity) => sameGateway(recorded, identity));
}

/** Rows of one other gateway that wait for it: how many orders and labels. */
export interface WaitingForGateway {
  gateway: GatewayIdentity;
  /** Orders whose outcome is unknown (pending) or jobs' orders left to issue or resume. */
  orders: number;
  /** Labels recorded and not yet printed (queued or waiting to be handed to the print queue). */
  labels: number;
}
