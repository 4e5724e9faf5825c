import type { JobView, OrderStatus } from '../../shared/domain/issuing';

/** What the issuing service pushes: plain serializable data only, so the IPC layer passes it through unchanged. */
export type IssuingEvent =
  | { kind: 'job'; job: JobView }
  | { kind: 'orders'; jobId: string; orders: OrderStatus[] };
