import type { GatewayIdentity } from './gateway-identity';

/**
 * The orders an issue call carries, as its job claimed them: a window of several desks grants
 * the call only together with the check that this desk's process still holds every one of them
 * (the fence of the paid call); a desk alone has nothing to check.
 */
export interface CallFence {
  gateway: GatewayIdentity;
  jobId: string;
  orderNumbers: readonly string[];
}
