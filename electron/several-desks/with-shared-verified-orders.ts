import type { StationBackend } from '../store/station-backend';
import type { SharedStation } from './shared-station';

/**
 * The shared mode's "already verified": an order verified complete at this desk is recorded here
 * and in the account's list, so scanning it again at any desk raises the alarm. Asked, the account
 * answers first; with the server away the desk answers from what it verified itself. An order
 * verified while the server is away is known at this desk only (said in README).
 */
export function withSharedVerifiedOrders(local: StationBackend, shared: SharedStation): StationBackend {
  const connected = () => shared.state() === 'connected';
  return {
    ...local,
    read: {
      ...local.read,
      deskEvents: {
        ...local.read.deskEvents,
        async verified(shopId, orderNumber) {
          if (connected()) {
            try {
              const there = await shared.verifiedOrders.of(shopId, orderNumber);
              if (there !== null) return there;
            } catch (error) {
              shared.noticeFailure(error);
            }
          }
          return local.read.deskEvents.verified(shopId, orderNumber);
        },
      },
    },
    write: {
      ...local.write,
      deskEvents: {
        async record(event) {
          await local.write.deskEvents.record(event);
          if (event.kind !== 'verification.completed' || !connected()) return;
          try {
            await shared.verifiedOrders.record(event, shared.deskName);
          } catch (error) {
            // Kept at this desk: the record above stands; the others learn of it no more than while the server was away.
            shared.noticeFailure(error);
          }
        },
      },
    },
  };
}
