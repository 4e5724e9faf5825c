import { randomUUID } from 'node:crypto';
import { stationError } from '../../shared/errors/station-error';
import { PIN_ATTEMPTS_BEFORE_LOCK, PIN_LOCK_MINUTES, type OperatorRole, type OperatorSession, type OperatorView, type SupervisorApproval } from '../../shared/operators/operators';
import type { OperatorsSettings } from '../../shared/settings/settings-schema';
import { StationFailure } from '../ipc/to-station-error';
import type { AuditLog } from '../audit/audit-log';
import type { OperatorReader, OperatorWriter } from '../store/station-backend';
import type { OperatorRecord } from '../store/station-records';
import { badgeHash, hashPin, pinMatches } from './pin-hash';

/** Who acts for an audited action: the signed-in operator (null when operators are off) and the supervisor who allowed it, if one did. */
export interface Actor {
  operator: { id: string; name: string; role: OperatorRole } | null;
  approvedBy: string | null;
}

/** What an action needs of whoever acts. */
export type ActionNeed = 'signed-in' | 'supervisor';

/**
 * The operators of one desk and who is signed in there. Off by default: then nobody signs in and
 * every action is the desk's. On: an action needs someone signed in, and some need a supervisor —
 * the one signed in, or one who gives their name and PIN for that one action. A PIN is checked
 * against its slow hash; five wrong ones in a row lock that operator for a while.
 */
export interface OperatorDesk {
  session(): OperatorSession;
  signIn(credentials: { name: string; pin: string } | { badge: string }): Promise<OperatorSession>;
  signOut(reason: 'manual' | 'idle'): Promise<OperatorSession>;
  /** Someone worked at the desk: the idle clock starts again. */
  keepAlive(): OperatorSession;
  list(): Promise<OperatorView[]>;
  add(operator: { name: string; role: OperatorRole; pin: string; badge?: string | undefined }): Promise<OperatorView[]>;
  remove(operatorId: string): Promise<OperatorView[]>;
  /** This desk's own operators left out when its list was copied into the account, until the notice is dismissed (shared mode). */
  keptApart(): Promise<string[]>;
  /** Dismisses that notice; answers what is left of it (nothing). */
  dismissKeptApart(): Promise<string[]>;
  /** Whether operators may be turned on now (a supervisor exists); throws `operators.no-supervisor` if not. */
  assertCanTurnOn(): Promise<void>;
  /**
   * Who acts for an action that needs `need`, or the refusal: `operators.sign-in-needed`,
   * `operators.supervisor-needed` (a packer, and no approval given), or the approval's own
   * (unknown name, wrong PIN, lock, not a supervisor).
   */
  actor(need: ActionNeed, approval?: SupervisorApproval): Promise<Actor>;
}

/** What the operator desk is built from. */
export interface OperatorDeskOptions {
  store: { read: OperatorReader; write: OperatorWriter };
  audit: Pick<AuditLog, 'record'>;
  settings: () => OperatorsSettings;
  /** Someone signed in or out (the renderer's header follows). */
  onChanged: (session: OperatorSession) => void;
  now?: () => number;
}

const MINUTE_MS = 60_000;

/** An operator as the desk lists them. */
function viewOf(record: OperatorRecord, now: number): OperatorView {
  return { id: record.id, name: record.name, role: record.role, hasBadge: record.badgeHash !== null, lockedUntil: record.lockedUntil !== null && record.lockedUntil > now ? record.lockedUntil : null, createdAt: record.createdAt };
}

/** Creates the desk's operators and sign-in. */
export function createOperatorDesk(options: OperatorDeskOptions): OperatorDesk {
  const now = options.now ?? Date.now;
  const { store, audit } = options;
  let signedIn: { operator: Actor['operator'] & object; at: number; lastActivity: number } | null = null;

  const sessionNow = (): OperatorSession => {
    const { enabled, idleMinutes } = options.settings();
    return { enabled, operator: enabled && signedIn !== null ? signedIn.operator : null, signedInAt: enabled && signedIn !== null ? signedIn.at : null, idleMinutes };
  };
  const endSession = async (reason: 'manual' | 'idle'): Promise<void> => {
    if (signedIn === null) return;
    const { operator } = signedIn;
    signedIn = null;
    await audit.record({ operatorId: operator.id, operatorName: operator.name, approvedBy: null, action: 'sign-out', outcome: 'done', orderNumbers: [], waybillCodes: [], jobId: null, detail: reason });
    options.onChanged(sessionNow());
  };
  /** Signs out a session left idle past the idle time (main enforces it, whatever the window does). */
  const expireIdle = async (): Promise<void> => {
    if (signedIn !== null && now() - signedIn.lastActivity > options.settings().idleMinutes * MINUTE_MS) await endSession('idle');
  };

  const refuse = async (name: string | null, operatorId: string | null, error: ReturnType<typeof stationError>, action: 'sign-in' | null): Promise<never> => {
    if (action !== null) await audit.record({ operatorId, operatorName: name, approvedBy: null, action, outcome: 'refused', orderNumbers: [], waybillCodes: [], jobId: null, detail: error.code });
    throw new StationFailure(error);
  };

  /** The operator if `pin` is theirs; a wrong PIN counts towards their lock, a locked operator is refused unchecked. */
  const checkPin = async (name: string, pin: string, auditAs: 'sign-in' | null): Promise<OperatorRecord> => {
    const record = await store.read.byName(name.trim());
    if (record === undefined) return refuse(name, null, stationError('operators.unknown-operator', { name }), auditAs);
    if (record.lockedUntil !== null && record.lockedUntil > now()) {
      return refuse(record.name, record.id, stationError('operators.locked', { name: record.name, minutes: Math.ceil((record.lockedUntil - now()) / MINUTE_MS) }), auditAs);
    }
    if (await pinMatches(pin, record.pinHash)) {
      if (record.failedPins > 0 || record.lockedUntil !== null) await store.write.setPinOutcome(record.id, 0, null);
      return record;
    }
    // Counted in the store, not from what was read: another desk may be counting the same operator now.
    const counted = await store.write.countWrongPin(record.id, PIN_ATTEMPTS_BEFORE_LOCK, now() + PIN_LOCK_MINUTES * MINUTE_MS);
    if (counted === undefined) return refuse(name, null, stationError('operators.unknown-operator', { name }), auditAs);
    if (counted.locked) return refuse(record.name, record.id, stationError('operators.locked', { name: record.name, minutes: PIN_LOCK_MINUTES }), auditAs);
    return refuse(record.name, record.id, stationError('operators.wrong-pin', { name: record.name, attemptsLeft: PIN_ATTEMPTS_BEFORE_LOCK - counted.failedPins }), auditAs);
  };

  const begin = async (record: OperatorRecord, how: 'pin' | 'badge'): Promise<OperatorSession> => {
    if (signedIn !== null && signedIn.operator.id !== record.id) await endSession('manual');
    signedIn = { operator: { id: record.id, name: record.name, role: record.role }, at: now(), lastActivity: now() };
    await audit.record({ operatorId: record.id, operatorName: record.name, approvedBy: null, action: 'sign-in', outcome: 'done', orderNumbers: [], waybillCodes: [], jobId: null, detail: how });
    const session = sessionNow();
    options.onChanged(session);
    return session;
  };

  const list = async () => (await store.read.list()).map((record) => viewOf(record, now()));

  return {
    session: sessionNow,
    async signIn(credentials) {
      if ('badge' in credentials) {
        const record = await store.read.byBadgeHash(badgeHash(credentials.badge));
        if (record === undefined) return refuse(null, null, stationError('operators.unknown-badge', {}), 'sign-in');
        return begin(record, 'badge');
      }
      return begin(await checkPin(credentials.name, credentials.pin, 'sign-in'), 'pin');
    },
    async signOut(reason) {
      await endSession(reason);
      return sessionNow();
    },
    keepAlive() {
      if (signedIn !== null) signedIn.lastActivity = now();
      return sessionNow();
    },
    list,
    async add(operator) {
      const taken = await store.read.byName(operator.name.trim());
      if (taken !== undefined) throw new StationFailure(stationError('operators.name-taken', { name: operator.name.trim() }));
      const badge = operator.badge === undefined || operator.badge.trim() === '' ? null : badgeHash(operator.badge);
      if (badge !== null && (await store.read.byBadgeHash(badge)) !== undefined) throw new StationFailure(stationError('operators.badge-taken', {}));
      await store.write.add({ id: randomUUID(), name: operator.name.trim(), role: operator.role, pinHash: await hashPin(operator.pin), badgeHash: badge, createdAt: now() });
      return list();
    },
    async remove(operatorId) {
      const record = await store.read.byId(operatorId);
      if (record === undefined) throw new StationFailure(stationError('operators.unknown-id', { operatorId }));
      const supervisors = (await store.read.list()).filter((each) => each.role === 'supervisor');
      if (options.settings().enabled && record.role === 'supervisor' && supervisors.length === 1) throw new StationFailure(stationError('operators.last-supervisor', { name: record.name }));
      await store.write.remove(operatorId);
      if (signedIn?.operator.id === operatorId) await endSession('manual');
      return list();
    },
    keptApart: () => store.read.keptApart(),
    async dismissKeptApart() {
      await store.write.dismissKeptApart(now());
      return store.read.keptApart();
    },
    async assertCanTurnOn() {
      if (!(await store.read.list()).some((each) => each.role === 'supervisor')) throw new StationFailure(stationError('operators.no-supervisor', {}));
    },
    async actor(need, approval) {
      if (!options.settings().enabled) return { operator: null, approvedBy: null };
      await expireIdle();
      const current = signedIn;
      // A supervisor's name and PIN given for this one action allow it, whoever is signed in (or nobody, for Settings).
      if (approval !== undefined) {
        const supervisor = await checkPin(approval.name, approval.pin, null);
        if (supervisor.role !== 'supervisor') throw new StationFailure(stationError('operators.not-a-supervisor', { name: supervisor.name }));
        if (current !== null) current.lastActivity = now();
        return { operator: current?.operator ?? null, approvedBy: supervisor.name };
      }
      if (current === null) throw new StationFailure(stationError('operators.sign-in-needed', {}));
      // Removed meanwhile (in shared mode perhaps at another desk): signed out here too, at their next action.
      if ((await store.read.byId(current.operator.id)) === undefined) {
        await endSession('manual');
        throw new StationFailure(stationError('operators.sign-in-needed', {}));
      }
      current.lastActivity = now();
      if (need === 'supervisor' && current.operator.role !== 'supervisor') throw new StationFailure(stationError('operators.supervisor-needed', { name: current.operator.name }));
      return { operator: current.operator, approvedBy: null };
    },
  };
}
