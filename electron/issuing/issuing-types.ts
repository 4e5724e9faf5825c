import type { OrderStatus } from './issuing-journal';
import type { JobView } from '../../shared/domain/issuing';

export type { PlanRequest, PlannedPackage, InvalidOrder, PlanBranch, IssuePlan, StartRequest, OrderViewState, OrderCounts, JobView, JobOrderView, JobSummary, StartUpReport, PrintAgainResult, LabelProblem } from '../../shared/domain/issuing';

/**
 * What the issuing service takes and answers: plain serializable data only, so the IPC layer
 * passes it through unchanged.
 */

/** What the service pushes. */
export type IssuingEvent =
  | { kind: 'job'; job: JobView }
  | { kind: 'orders'; jobId: string; orders: OrderStatus[] };
