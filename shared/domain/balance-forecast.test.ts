import { describe, expect, it } from 'vitest';
import { branchForecasts, leavesBranchBelow } from './balance-forecast';
import type { CarrierNetwork } from './network';

const branch = (branchCode: string, quantity: number | null) => ({
  branchCode, branchName: `Branch ${branchCode}`, quantity, allocatedQuantity: null, cancelQuantity: null, recycledQuantity: null, services: [], senderAddresses: [], valueAddedAccounts: [],
});
const network: CarrierNetwork[] = [{ carrierCode: 'YTO', carrierType: 2, branches: [branch('571001', 700), branch('571002', 30), branch('571003', null)] }, { carrierCode: 'ZTO', carrierType: 2, branches: [branch('571001', 50)] }];

describe('the balance forecast', () => {
  it('lasts the balance over the last seven days’ pace, says when it runs out before today’s orders, and flags branches under the threshold', () => {
    const usage = [
      { carrierCode: 'YTO', branchCode: '571001', lastSevenDays: 700, today: 40 },
      { carrierCode: 'YTO', branchCode: '571002', lastSevenDays: 350, today: 10 },
    ];
    expect(branchForecasts(network, usage, 100)).toEqual([
      { carrierCode: 'YTO', branchCode: '571001', branchName: 'Branch 571001', balance: 700, usedPerDay: 100, daysLeft: 7, runsOutToday: false, belowThreshold: false },
      { carrierCode: 'YTO', branchCode: '571002', branchName: 'Branch 571002', balance: 30, usedPerDay: 50, daysLeft: 0, runsOutToday: true, belowThreshold: true },
      // The same branch code at another carrier is another account; nothing used there: it lasts.
      { carrierCode: 'ZTO', branchCode: '571001', branchName: 'Branch 571001', balance: 50, usedPerDay: 0, daysLeft: null, runsOutToday: false, belowThreshold: true },
    ]);
    expect(branchForecasts(network, usage, 0).some((forecast) => forecast.belowThreshold)).toBe(false);
  });

  it('warns before Start only when the plan leaves the branch under the threshold', () => {
    expect(leavesBranchBelow(120, 20, 100)).toBe(false);
    expect(leavesBranchBelow(120, 21, 100)).toBe(true);
    expect(leavesBranchBelow(null, 500, 100)).toBe(false);
    expect(leavesBranchBelow(5, 5, 0)).toBe(false);
  });
});
