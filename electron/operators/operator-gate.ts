import type { ChannelName, IpcHandlers } from '../../shared/ipc/ipc-contract';
import type { AuditAction, SupervisorApproval } from '../../shared/operators/operators';
import type { SettingsPatch } from '../../shared/settings/settings-schema';
import { toStationError } from '../ipc/to-station-error';
import type { AuditFacts, AuditLog } from '../audit/audit-log';
import type { HistoryReader } from '../store/station-backend';
import type { ActionNeed, Actor, OperatorDesk } from './operator-desk';

/** A label printed this many times already needs a supervisor to come out again. */
export const REPRINTS_BEFORE_SUPERVISOR = 2;

/** What a ship-from choice at the desk chose, as its audit entry says it (no address lines: the branch's own). */
function shipFromChoiceDetail(choice: NonNullable<SettingsPatch['shipFrom']>): string {
  const parts = [choice.carrierCode === undefined ? null : `carrier ${choice.carrierCode ?? '-'}`, choice.branchCode === undefined ? null : `branch ${choice.branchCode ?? '-'}`];
  if (choice.senderAddress !== undefined) parts.push(`sender ${choice.senderAddress === null ? '-' : [choice.senderAddress.city, choice.senderAddress.district].filter(Boolean).join(' ')}`);
  return parts.filter((part) => part !== null).join(', ');
}

/** What the gate works with. */
export interface OperatorGateOptions {
  desk: Pick<OperatorDesk, 'actor' | 'assertCanTurnOn' | 'session'>;
  audit: Pick<AuditLog, 'record'>;
  /** How often each waybill's label came out already (a reprint of one printed twice needs a supervisor). */
  history: Pick<HistoryReader, 'reprintSource'>;
  /** Whether operators are on in the saved settings now. */
  operatorsOn: () => boolean;
}

/** What one gated call asks of the acting operator, and what its audit entry says. */
interface CallPlan {
  need: ActionNeed | null;
  action: AuditAction | null;
  facts: Pick<AuditFacts, 'orderNumbers' | 'waybillCodes' | 'jobId' | 'detail'>;
  /** Checks to run before the call once the actor is known (turning operators on needs a supervisor to exist). */
  before?: () => Promise<void>;
}

const noFacts = { orderNumbers: [], waybillCodes: [], jobId: null, detail: '' };

/** Settings sections a packer changes at the desk as a view preference (language, columns, shops shown): no supervisor needed. */
const deskPreferenceSections: ReadonlySet<string> = new Set(['ui']);

/**
 * What the desk's ship-from picker saves (carrier, branch, sender address; see ship-from-choice in
 * the renderer): the packer's own choice, made signed in and audited. The Settings screen never
 * sends these; it sends the sender's name and phone, which stay a supervisor's change.
 */
const deskChoiceFields: ReadonlySet<string> = new Set(['carrierCode', 'branchCode', 'senderAddress']);

/** How a settings change is gated: a view preference (nobody asked), the desk's own choice (whoever is signed in), or Settings (a supervisor). */
function settingsChangeKind(patch: SettingsPatch): 'preference' | 'desk-choice' | 'settings' {
  const sections = Object.keys(patch).filter((section) => patch[section as keyof SettingsPatch] !== undefined);
  const deskChoice = (section: string) => section === 'shipFrom' && Object.keys(patch.shipFrom ?? {}).every((field) => deskChoiceFields.has(field));
  if (sections.every((section) => deskPreferenceSections.has(section))) return 'preference';
  if (sections.every((section) => deskPreferenceSections.has(section) || deskChoice(section))) return 'desk-choice';
  return 'settings';
}

/**
 * The operator rules, enforced here in the main process (a window asking is not enough): each
 * gated channel learns who acts (refusing with `operators.sign-in-needed` or
 * `operators.supervisor-needed` — unless a supervisor's name and PIN came with that one call) and
 * leaves an audit entry naming the operator, any approving supervisor, the desk and the outcome,
 * refusals and failures included. Voiding, reprinting a label printed twice, changing Settings
 * (the printer too; but a view preference), and adding or removing operators need a supervisor
 * while operators are on; issuing, printing and the desk's own choices (carrier, branch and sender
 * at the ship-from picker, a stalled job's printer) need someone signed in, who is named.
 */
export function gateOperatorChannels(handlers: IpcHandlers, options: OperatorGateOptions): IpcHandlers {
  const gated: Record<string, unknown> = { ...handlers };
  const { desk, audit } = options;

  function guard<C extends ChannelName>(channel: C, plan: (input: Parameters<IpcHandlers[C]>[0]) => Promise<CallPlan> | CallPlan, after?: (output: Awaited<ReturnType<IpcHandlers[C]>>, facts: CallPlan['facts']) => CallPlan['facts'] | null) {
    const handler = handlers[channel] as (input: unknown) => unknown;
    gated[channel] = async (input: Parameters<IpcHandlers[C]>[0] & { supervisor?: SupervisorApproval }) => {
      const { supervisor, ...rest } = input;
      const planned = await plan(input);
      let actor: Actor;
      try {
        actor = planned.need === null ? { operator: desk.session().operator, approvedBy: null } : await desk.actor(planned.need, supervisor);
        await planned.before?.();
      } catch (refusal) {
        if (planned.action !== null) {
          const session = desk.session().operator;
          await audit.record({ operatorId: session?.id ?? null, operatorName: session?.name ?? null, approvedBy: null, action: planned.action, outcome: 'refused', ...planned.facts, detail: toStationError(refusal).code });
        }
        throw refusal;
      }
      const who = { operatorId: actor.operator?.id ?? null, operatorName: actor.operator?.name ?? null, approvedBy: actor.approvedBy };
      let output: Awaited<ReturnType<IpcHandlers[C]>>;
      try {
        output = (await handler(rest)) as Awaited<ReturnType<IpcHandlers[C]>>;
      } catch (failure) {
        if (planned.action !== null) await audit.record({ ...who, action: planned.action, outcome: 'failed', ...planned.facts, detail: toStationError(failure).code });
        throw failure;
      }
      const facts = after === undefined ? planned.facts : after(output, planned.facts);
      if (planned.action !== null && facts !== null) await audit.record({ ...who, action: planned.action, outcome: 'done', ...facts });
      return output;
    };
  }

  guard('history.void', (input) => ({ need: 'supervisor', action: input.voided ? 'void' : 'unvoid', facts: { ...noFacts, waybillCodes: input.waybillCodes, detail: input.note ?? '' } }));

  guard(
    'history.reprint',
    async (input) => {
      let printedTwice = false;
      if (input.confirmAlreadyPrinted) {
        for (const waybillCode of input.waybillCodes) if (((await options.history.reprintSource(waybillCode))?.printCount ?? 0) >= REPRINTS_BEFORE_SUPERVISOR) printedTwice = true;
      }
      return { need: printedTwice ? 'supervisor' : 'signed-in', action: 'reprint', facts: { ...noFacts, waybillCodes: input.waybillCodes } };
    },
    // Only a reprint that queued labels is one; a request answered with a question printed nothing.
    (output, facts) => (output.queued.length === 0 ? null : { ...facts, waybillCodes: output.queued, detail: output.refused.length > 0 ? `refused ${output.refused.length}` : '' }),
  );

  guard('settings.update', ({ patch, printer }) => {
    const sections = Object.keys(patch).filter((section) => patch[section as keyof SettingsPatch] !== undefined);
    // A printer chosen in the same save is a Settings change: one approval and one entry cover both.
    const kind = printer === undefined ? settingsChangeKind(patch) : 'settings';
    const turningOn = patch.operators?.enabled === true && !options.operatorsOn();
    const detail =
      kind === 'desk-choice'
        ? shipFromChoiceDetail(patch.shipFrom ?? {})
        : [...sections.map((section) => `${section}(${Object.keys(patch[section as keyof SettingsPatch] ?? {}).join(' ')})`), ...(printer === undefined ? [] : [`print(printer) ${printer ?? 'default'}`])].join(' ');
    return {
      need: { preference: null, 'desk-choice': 'signed-in' as const, settings: 'supervisor' as const }[kind],
      action: { preference: null, 'desk-choice': 'desk-choice' as const, settings: 'settings-change' as const }[kind],
      facts: { ...noFacts, detail },
      ...(turningOn ? { before: () => desk.assertCanTurnOn() } : {}),
    };
  });
  // The desk switches a stalled job's printer through jobs.switch-printer; Settings saves it with settings.update.
  guard('jobs.switch-printer', ({ jobId, printer }) => ({ need: 'signed-in', action: 'desk-choice', facts: { ...noFacts, jobId, detail: `printer ${printer}` } }));

  guard('operators.add', (input) => ({ need: 'supervisor', action: 'operators-change', facts: { ...noFacts, detail: `add ${input.name} ${input.role}` } }));
  guard('operators.remove', (input) => ({ need: 'supervisor', action: 'operators-change', facts: { ...noFacts, detail: `remove ${input.operatorId}` } }));

  guard('issue.plan', (input) => {
    const heldBack = input.confirmedHeldBack ?? [];
    // Planning issues nothing; confirming orders of a held-back status is an override the log names.
    return { need: heldBack.length > 0 ? 'signed-in' : null, action: heldBack.length > 0 ? 'held-back-override' : null, facts: { ...noFacts, orderNumbers: heldBack } };
  });
  guard('issue.start', (input) => ({ need: 'signed-in', action: 'issue', facts: { ...noFacts, jobId: input.jobId, detail: input.packageLimit == null ? '' : `first ${input.packageLimit}` } }));
  guard('jobs.retry', (input) => ({ need: 'signed-in', action: 'issue', facts: { ...noFacts, jobId: input.jobId, detail: 'retry' } }));
  guard('jobs.confirm-preview', (input) => ({ need: 'signed-in', action: 'print', facts: { ...noFacts, jobId: input.jobId, detail: 'after preview' } }));
  guard('jobs.print-again', (input) => ({ need: 'signed-in', action: 'print', facts: { ...noFacts, jobId: input.jobId, detail: 'again' } }));
  guard('history.resend-unknown', (input) => ({ need: 'signed-in', action: 'print', facts: { ...noFacts, waybillCodes: input.waybillCodes, detail: 'outcome unknown' } }));

  return gated as IpcHandlers;
}

