import { describe, expect, it } from 'vitest';
import { noFigures } from '../../../../shared/domain/statistics';
import type { DeskStatisticsHours } from '../../station-backend';
import { createSharedStatistics } from '../shared-statistics';
import { useSharedTestDesks } from '../testing/use-shared-test-desks';

// A fresh database per test, the account's schema migrated (as `acct`), on a server of the file's own.
const rig = useSharedTestDesks();

const HOUR = 3_600_000;
const own = { failures: 0, calls: 0, points: 0, heldBack: 0, verified: 0, mismatches: 0, overrides: 0 };
const operator = { waybills: 0, labelsPrinted: 0, reprints: 0, voids: 0, verified: 0, mismatches: 0, overrides: 0 };
const hours = (at: number[], calls: number, reason: string): DeskStatisticsHours => ({
  hours: at,
  figures: at.map((hour) => ({ hour, shop: 's1', carrier: 'YTO', branch: 'B1', ...own, failures: 1, calls, points: 2 * calls })),
  failures: at.map((hour) => ({ hour, reason, failures: 1 })),
  operators: at.map((hour) => ({ hour, operator: 'Li', ...operator, reprints: calls })),
});

describe('migration 011: the desks’ own statistics, the account’s', () => {
  it('keeps a desk’s hours as it last sent them (sent twice, once), beside other desks’, summed over the desks', async () => {
    const desk1 = createSharedStatistics(await rig.desks.join('d1', 'Desk 1'));
    const desk2 = createSharedStatistics(await rig.desks.join('d2', 'Desk 2'));
    await desk1.replaceDeskHours(hours([HOUR, 2 * HOUR], 3, 'gateway.timeout'));
    await desk1.replaceDeskHours(hours([HOUR, 2 * HOUR], 3, 'gateway.timeout'));
    await desk2.replaceDeskHours(hours([HOUR], 5, 'issuing.address-incomplete'));
    const range = { from: 0, to: 10 * HOUR };
    expect(await desk2.deskFigures(range, ['desk'])).toEqual([
      { keys: ['d1'], ...own, failures: 2, calls: 6, points: 12 },
      { keys: ['d2'], ...own, failures: 1, calls: 5, points: 10 },
    ]);
    expect(await desk2.failuresByReason(range)).toEqual([
      { reason: 'gateway.timeout', failures: 2 },
      { reason: 'issuing.address-incomplete', failures: 1 },
    ]);
    expect(await desk2.operators(range)).toEqual([{ key: 'Li', ...noFigures(), reprints: 11 }]);

    // An hour sent again replaces what the desk sent for it: its second hour now has nothing, desk 2's stays.
    await desk1.replaceDeskHours({ ...hours([HOUR], 4, 'gateway.timeout'), hours: [HOUR, 2 * HOUR] });
    expect(await desk2.deskFigures(range, ['hour', 'desk'])).toEqual(
      expect.arrayContaining([
        { keys: [String(HOUR), 'd1'], ...own, failures: 1, calls: 4, points: 8 },
        { keys: [String(HOUR), 'd2'], ...own, failures: 1, calls: 5, points: 10 },
      ]),
    );
    expect(await desk2.deskFigures(range, ['hour', 'desk'])).toHaveLength(2);
    expect(await desk1.deskHours()).toEqual(hours([HOUR], 4, 'gateway.timeout'));
    const { rows } = await rig.desks.pool.query(`SELECT desk_id, count(*)::int AS n FROM acct.shared_desk_operator_hours GROUP BY 1 ORDER BY 1`);
    expect(rows).toEqual([
      { desk_id: 'd1', n: 1 },
      { desk_id: 'd2', n: 1 },
    ]);
  });
});
