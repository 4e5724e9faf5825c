import type { OperatorReader, OperatorWriter, StationBackend } from '../store/station-backend';
import type { SharedStation } from './shared-station';

/**
 * The shared mode's operators: the account's, in the shared database — created once, signing in
 * at any desk, their wrong PINs and lock counted there (a lock holds at every desk), removed
 * everywhere at once. Nothing is answered from this desk's own list while in shared mode: with
 * the server away every call is refused with the link's failure (the desk issues nothing then
 * either). The desk's own operators stay in its local store untouched, for when it works alone
 * again; they are copied into the account once, when the desk first connects (see copyFromDesk).
 */
export function withSharedOperators(local: StationBackend, shared: SharedStation): StationBackend {
  const { read, write } = shared.operators;
  // Copied at the first operator call with the server there; tried again at the next call if that failed.
  let copying: Promise<unknown> | null = null;
  const copyOnce = () => {
    copying ??= local.read.operators.list().then((own) => shared.operators.copyFromDesk(own));
    return copying.catch((error: unknown) => {
      copying = null;
      throw error;
    });
  };
  const onServer =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      shared.withServer(async () => {
        await copyOnce();
        return call(...args);
      });
  const operatorsRead: OperatorReader = { list: onServer(read.list), byName: onServer(read.byName), byId: onServer(read.byId), byBadgeHash: onServer(read.byBadgeHash), keptApart: onServer(read.keptApart) };
  const operatorsWrite: OperatorWriter = {
    add: onServer(write.add),
    remove: onServer(write.remove),
    setPinOutcome: onServer(write.setPinOutcome),
    countWrongPin: onServer(write.countWrongPin),
    dismissKeptApart: onServer(write.dismissKeptApart),
  };
  return { ...local, read: { ...local.read, operators: operatorsRead }, write: { ...local.write, operators: operatorsWrite } };
}
