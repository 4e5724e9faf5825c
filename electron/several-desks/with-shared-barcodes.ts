import type { StationBackend } from '../store/station-backend';
import type { SharedStation } from './shared-station';

/**
 * The shared mode's learned barcodes: the account's, so a code learned at one desk is known at
 * every desk. A code learned here is saved here too, so that while the server is away the desk
 * still verifies with what it knows (its own and what it read last). A code learned while the
 * server is away stays at this desk (the other desks ask for it once themselves): sending it later
 * could undo a correction another desk made meanwhile.
 */
export function withSharedBarcodes(local: StationBackend, shared: SharedStation): StationBackend {
  const connected = () => shared.state() === 'connected';
  return {
    ...local,
    read: {
      ...local.read,
      barcodes: {
        async list(shopId) {
          if (!connected()) return local.read.barcodes.list(shopId);
          try {
            const mappings = await shared.barcodes.list(shopId);
            // What the account knows is kept here for the time the server is away.
            await local.write.barcodes.save(mappings);
            return mappings;
          } catch (error) {
            shared.noticeFailure(error);
            return local.read.barcodes.list(shopId);
          }
        },
      },
    },
    write: {
      ...local.write,
      barcodes: {
        async save(mappings) {
          await local.write.barcodes.save(mappings);
          if (connected()) await shared.withServer(() => shared.barcodes.save(mappings));
        },
        async remove(shopId, barcode) {
          const here = await local.write.barcodes.remove(shopId, barcode);
          const there = connected() ? await shared.withServer(() => shared.barcodes.remove(shopId, barcode)) : false;
          return here || there;
        },
      },
    },
  };
}
