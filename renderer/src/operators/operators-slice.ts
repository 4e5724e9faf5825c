import type { StateCreator } from 'zustand';
import type { StationError } from '../../../shared/errors/station-error';
import type { SupervisorApproval } from '../../../shared/operators/operators';

/** A supervisor's approval being asked for: why (the last refusal), and how the dialog answers. */
export interface ApprovalRequest {
  error: StationError;
  answer: (approval: SupervisorApproval | null) => void;
}

/** Operators' and the audit log's UI state. */
export interface OperatorsSlice {
  /** The audit log screen, opened from the header. */
  auditOpen: boolean;
  setAuditOpen: (open: boolean) => void;
  /** The supervisor's approval dialog's question; null while none is asked. */
  approvalRequest: ApprovalRequest | null;
  /** Asks for a supervisor's name and PIN (after `error`); answers null when the user cancels. */
  askSupervisorApproval: (error: StationError) => Promise<SupervisorApproval | null>;
}

/** The operators slice of the UI store. */
export const createOperatorsSlice: StateCreator<OperatorsSlice, [], [], OperatorsSlice> = (set) => ({
  auditOpen: false,
  setAuditOpen: (auditOpen) => set({ auditOpen }),
  approvalRequest: null,
  askSupervisorApproval: (error) =>
    new Promise((resolve) => {
      set({
        approvalRequest: {
          error,
          answer: (approval) => {
            set({ approvalRequest: null });
            resolve(approval);
          },
        },
      });
    }),
});
