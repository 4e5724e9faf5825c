import type { CarrierNetwork } from './network';

/** Waybills one branch used: over the last seven China days before today, and today so far. */
export interface BranchUsage {
  carrierCode: string;
  branchCode: string;
  lastSevenDays: number;
  today: number;
}

/** How long a branch's balance lasts at its recent pace. */
export interface BranchForecast {
  carrierCode: string;
  branchCode: string;
  branchName: string;
  /** Waybills left (network info). */
  balance: number;
  /** Waybills used per day, on average over the last seven days. */
  usedPerDay: number;
  /** Whole days the balance lasts at that pace; null when nothing was used (it lasts). */
  daysLeft: number | null;
  /** Fewer waybills left than a usual day takes: it runs out before today's orders are done. */
  runsOutToday: boolean;
  /** Under the threshold set in Settings. */
  belowThreshold: boolean;
}

/**
 * Every branch of the network with a known balance, forecast at the pace of its last seven days
 * (today's own use aside, so a busy morning does not make it look worse than it is).
 */
export function branchForecasts(network: readonly CarrierNetwork[], usage: readonly BranchUsage[], warnBelow: number): BranchForecast[] {
  const usedOf = new Map(usage.map((entry) => [`${entry.carrierCode}\n${entry.branchCode}`, entry]));
  return network.flatMap((carrier) =>
    carrier.branches.flatMap((branch) => {
      if (branch.quantity === null) return [];
      const usedPerDay = (usedOf.get(`${carrier.carrierCode}\n${branch.branchCode}`)?.lastSevenDays ?? 0) / 7;
      return [
        {
          carrierCode: carrier.carrierCode,
          branchCode: branch.branchCode,
          branchName: branch.branchName,
          balance: branch.quantity,
          usedPerDay,
          daysLeft: usedPerDay === 0 ? null : Math.floor(branch.quantity / usedPerDay),
          runsOutToday: usedPerDay > 0 && branch.quantity < usedPerDay,
          belowThreshold: branch.quantity < warnBelow,
        },
      ];
    }),
  );
}

/** Whether issuing `waybills` from a branch with `balance` left would leave it under the threshold. */
export function leavesBranchBelow(balance: number | null, waybills: number, warnBelow: number): boolean {
  return balance !== null && balance - waybills < warnBelow;
}
