import type { StationError } from '../../shared/errors/station-error';
import type { ChannelOutput } from '../../shared/ipc/ipc-contract';
import { chinaDayOf } from '../../shared/time/china-time';
import type { FeatureIpcHandlers } from '../ipc/feature-ipc-handlers';
import { StationFailure } from '../ipc/to-station-error';
import type { CostReader } from '../store/station-backend';
import type { JobCostEstimates } from './job-cost-estimates';
import type { GatewayClient } from './gateway-client';

/** What the gateway channels work with. */
export interface GatewayIpcDependencies {
  /** The gateway client of the current settings. */
  client: () => Promise<GatewayClient>;
  /** The cost ledger: today's points. */
  costs: Pick<CostReader, 'totalForChinaDay' | 'shopTotalsForChinaDay'>;
  /** What a scan in scan-to-print costs. */
  estimates: Pick<JobCostEstimates, 'ofScan'>;
}

/** The account's subscription and carrier network, the connection test, and what the calls cost. */
export function gatewayIpcHandlers({ client, costs, estimates }: GatewayIpcDependencies): FeatureIpcHandlers<'subscription' | 'network' | 'connection' | 'costs'> {
  return {
    'subscription.get': async () => unwrap(await (await client()).subscription({ priority: 'interactive' })),
    'network.get': async () => unwrap(await (await client()).networkInfo({}, { priority: 'interactive' })),
    'connection.test': async (): Promise<ChannelOutput<'connection.test'>> => {
      const current = await client();
      const [subscription, network] = await Promise.all([current.subscription({ priority: 'interactive' }), current.networkInfo({}, { priority: 'interactive' })]);
      return {
        subscription,
        network: network.ok
          ? { ok: true, data: { carriers: network.data.carriers.length, branches: network.data.carriers.reduce((sum, carrier) => sum + carrier.branches.length, 0) } }
          : network,
      };
    },
    'costs.summary': async () => ({
      today: await costs.totalForChinaDay(chinaDayOf(Date.now())),
      todayByShop: await costs.shopTotalsForChinaDay(chinaDayOf(Date.now())),
      scanEstimate: await estimates.ofScan(),
    }),
  };
}

function unwrap<T>(result: { ok: true; data: T } | { ok: false; error: StationError }): T {
  if (!result.ok) throw new StationFailure(result.error);
  return result.data;
}
