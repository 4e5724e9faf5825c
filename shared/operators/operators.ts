import { z } from 'zod';

/** The roles of an operator: a packer issues and prints; a supervisor also voids, reprints a label printed twice, and changes Settings. */
export const OPERATOR_ROLES = ['packer', 'supervisor'] as const;
/** An operator's role. */
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** A PIN: 4 to 8 digits (typed on a desk's number pad). */
export const operatorPinSchema = z.string().regex(/^\d{4,8}$/, { error: 'must be 4 to 8 digits' });
/** An operator's name as the desk shows it and a sign-in types it. */
export const operatorNameSchema = z.string().trim().min(1).max(32);
/** A badge's barcode, as the scanner's detection normalizes it (upper-case ASCII). */
export const operatorBadgeSchema = z.string().trim().min(4).max(64);

/** The supervisor who allows one action on the spot: their name and PIN, given with that call only. */
export const supervisorApprovalSchema = z.object({ name: operatorNameSchema, pin: operatorPinSchema }).strict();
/** A supervisor's approval of one action. */
export type SupervisorApproval = z.infer<typeof supervisorApprovalSchema>;

/** The wrong PINs in a row that lock an operator. */
export const PIN_ATTEMPTS_BEFORE_LOCK = 5;
/** How long a locked operator stays locked. */
export const PIN_LOCK_MINUTES = 15;

/** An operator as the desk lists them (never their PIN or badge, only whether a badge is set). */
export interface OperatorView {
  id: string;
  name: string;
  role: OperatorRole;
  hasBadge: boolean;
  /** Locked after too many wrong PINs until then (epoch ms); null when not locked. */
  lockedUntil: number | null;
  createdAt: number;
}

/** Who is signed in at this desk; `enabled` false when operators are off (nobody is asked). */
export interface OperatorSession {
  enabled: boolean;
  operator: { id: string; name: string; role: OperatorRole } | null;
  signedInAt: number | null;
  /** The idle time after which the desk signs out (minutes). */
  idleMinutes: number;
}

/** Audit entries younger than this are never deleted, whatever asks: the shortest retention Settings allows, and the databases' own floor. */
export const AUDIT_MINIMUM_RETENTION_DAYS = 30;

/** What the audit log records. */
export const AUDIT_ACTIONS = ['sign-in', 'sign-out', 'issue', 'print', 'reprint', 'void', 'unvoid', 'held-back-override', 'settings-change', 'operators-change', 'desk-choice'] as const;
/** One kind of audited action. */
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
/** How an audited action ended: done, refused (permission, wrong PIN, lock) or failed (an error). */
export const AUDIT_OUTCOMES = ['done', 'refused', 'failed'] as const;
/** An audited action's outcome. */
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** One audit log entry: who, what, which order or waybill, at which desk, when, and how it ended. */
export interface AuditEntry {
  id: string;
  at: number;
  deskId: string;
  deskName: string;
  /** The operator who acted; null when operators are off (the desk acted) or nobody was signed in. */
  operatorId: string | null;
  operatorName: string | null;
  /** The supervisor who allowed it on the spot, if one did. */
  approvedBy: string | null;
  action: AuditAction;
  outcome: AuditOutcome;
  /** The orders (shop order keys or numbers) and waybills it was about. */
  orderNumbers: string[];
  waybillCodes: string[];
  jobId: string | null;
  /** More about it, in words of the catalog: an error code, the settings sections changed, a count. */
  detail: string;
}

/** A search of the audit log: text (operator, order, waybill, desk), filters, and a page. */
export const auditQuerySchema = z
  .object({
    text: z.string().trim().max(64).optional(),
    actions: z.array(z.enum(AUDIT_ACTIONS)).max(AUDIT_ACTIONS.length).optional(),
    outcome: z.enum(AUDIT_OUTCOMES).optional(),
    from: z.number().int().nonnegative().optional(),
    to: z.number().int().nonnegative().optional(),
    limit: z.number().int().min(1).max(500).default(100),
    offset: z.number().int().min(0).default(0),
  })
  .strict();
/** A search of the audit log, as the handler receives it. */
export type AuditQuery = z.output<typeof auditQuerySchema>;
/** A page of audit entries, newest first, and how many match in all. */
export interface AuditPage {
  entries: AuditEntry[];
  total: number;
  /** Where they came from: this desk's log, or the account's across desks (shared mode). */
  source: 'desk' | 'account';
}
