import { stationError } from '../../shared/errors/station-error';
import type { Settings } from '../../shared/settings/settings-schema';
import { issueSettings } from './issue-settings';
import type { FeatureIpcHandlers } from '../ipc/feature-ipc-handlers';
import { StationFailure } from '../ipc/to-station-error';
import type { WithComponent } from '../printing/component-requests';
import { choosePrinter } from '../printing/printer-setup';
import type { PrinterStateTracker } from '../printing/printer-state';
import type { StallWatch } from '../printing/stall-watch';
import type { IssuingEngine } from './issuing-engine';
import type { JobCostEstimates } from '../gateway/job-cost-estimates';
import type { StartUpPass } from './start-up-pass';

/** What the issuing channels work with. */
export interface IssuingIpcDependencies {
  engine: IssuingEngine;
  startUp: Pick<StartUpPass, 'after' | 'report'>;
  /** The effective settings a new job takes its defaults from. */
  settings: () => Settings;
  /** The printer of a new job when the settings name none. */
  jobPrinter: (stored: string) => Promise<string>;
  withComponent: WithComponent;
  printerState: Pick<PrinterStateTracker, 'acknowledge'>;
  stall: Pick<StallWatch, 'restart'>;
  /** What a plan's calls will cost, kept for its job's summary. */
  estimates: Pick<JobCostEstimates, 'ofPlan' | 'shownFor'>;
}

/** Planning and starting jobs, and what a running or ended job offers; issuing waits for the start-up pass. */
export function issuingIpcHandlers({ engine, startUp, settings, jobPrinter, withComponent, printerState, stall, estimates }: IssuingIpcDependencies): FeatureIpcHandlers<'issue' | 'jobs'> {
  return {
    'issue.plan': ({ orders, merge, keepApart, printOrder, packingSlips, networkInfoMaxAgeMs, ...choices }) =>
      startUp.after(async () => {
        const jobSettings = issueSettings(settings(), choices);
        const plan = await engine.plan({
          ...jobSettings,
          printer: await jobPrinter(jobSettings.printer),
          printOrder: printOrder ?? 'as-selected',
          packingSlips: packingSlips ?? jobSettings.packingSlips ?? false,
          orders,
          merge,
          keepApart,
          networkInfoMaxAgeMs,
        });
        return { ...plan, estimate: await estimates.ofPlan(plan) };
      }),
    'issue.start': (request) => startUp.after(() => engine.start(request)),
    'jobs.cancel': ({ jobId }) => engine.cancel(jobId),
    'jobs.confirm-preview': ({ jobId }) => engine.confirmPreview(jobId),
    'jobs.retry': (request) => startUp.after(() => engine.retry(request)),
    'jobs.print-again': (request) =>
      startUp.after(async () => {
        const result = await engine.printAgain(request);
        if (result.requeued > 0) {
          printerState.acknowledge();
          stall.restart();
        }
        return result;
      }),
    'jobs.stop-printing': ({ jobId }) => engine.stopPrinting(jobId),
    'jobs.switch-printer': async ({ jobId, printer }) => {
      const choice = await withComponent('getPrinters', (component) => choosePrinter(component, printer));
      if (!choice.ok) throw new StationFailure(stationError('print.printer-not-offered', { printer }));
      printerState.acknowledge();
      stall.restart();
      return engine.switchPrinter({ jobId, printer });
    },
    'jobs.list': ({ limit }) => engine.jobs(limit),
    'jobs.orders': ({ jobId }) => engine.jobOrders(jobId),
    'jobs.summary': async ({ jobId }) => {
      const summary = await engine.summary(jobId);
      return summary && { ...summary, estimate: estimates.shownFor(jobId) };
    },
    'jobs.startup-report': () => startUp.report(),
  };
}
