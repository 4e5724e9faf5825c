import type { GatewayIdentity } from '../../shared/domain/gateway-identity';
import type { StartUpReport } from '../../shared/domain/issuing';
import type { StationLogger } from '../logging/station-logger';
import type { IssuingEngine } from './issuing-engine';
import { waitingForOtherGateways, type WaitingWorkSources } from './waiting-work';

/** What the start-up pass needs. */
export interface StartUpPassOptions {
  /** Points printing at the settings' output before the waiting labels go to it. */
  followPrintOutput: () => Promise<void>;
  /** Takes the labels that waited (for this gateway) into the print queue. */
  loadWaitingLabels: () => Promise<unknown>;
  engine: Pick<IssuingEngine, 'startUp'>;
  /** Where the work waiting for other gateways is read (the report while the settings need attention). */
  waiting: WaitingWorkSources;
  gatewayIdentity: () => GatewayIdentity;
  /** True while the settings need attention: the pass has not run then. */
  settingsNeedAttention: () => boolean;
  logger: StationLogger;
}

/** The station's start-up pass: reconciliation of what an earlier run left, before any issuing. */
export interface StartUpPass {
  /** Starts the pass (once) and answers its report. */
  run: () => Promise<StartUpReport>;
  /** Does the work once the pass has ended. */
  after: <T>(work: () => T | Promise<T>) => Promise<T>;
  /** The pass's report; while the settings need attention, only what waits and for which gateway. */
  report: () => Promise<StartUpReport>;
  /** Resolves once a started pass has ended (it records what it finds: the database stays open until then). */
  ended: () => Promise<void>;
}

/**
 * The start-up pass runs once, in the background; issuing waits for it. While the settings need
 * attention it has not run: it starts once the connection is set again, taking the labels that
 * waited for that gateway into the print queue first.
 */
export function createStartUpPass(options: StartUpPassOptions): StartUpPass {
  let startUp: Promise<StartUpReport> | null = null;
  const run = (): Promise<StartUpReport> => {
    startUp ??= options
      .followPrintOutput()
      .then(async () => {
        await options.loadWaitingLabels();
        return options.engine.startUp();
      })
      .catch((error: unknown) => {
        options.logger.error('start-up reconciliation failed', { error: String(error) });
        throw error;
      });
    startUp.catch(() => undefined);
    return startUp;
  };
  return {
    run,
    after: async (work) => {
      await run();
      return work();
    },
    report: () =>
      options.settingsNeedAttention()
        ? waitingForOtherGateways(options.waiting, [options.gatewayIdentity()]).then((waiting) => ({ reconciled: { recovered: [], issuedElsewhere: [], notIssued: [], unresolved: [] }, interruptedJobs: [], labelsQueued: 0, waiting }))
        : run(),
    ended: async () => {
      await startUp?.catch(() => undefined);
    },
  };
}
