import type { CallFence } from '../../shared/domain/call-fence';
import type { CallPriority } from './rate-limiter';

/** Per-call options of the gateway client. */
export interface CallOptions {
  /** Cancels the call while it waits or (reads only) while it is in flight. */
  signal?: AbortSignal;
  /** interactive (default for single calls) goes ahead of bulk work such as a full fetch. */
  priority?: CallPriority;
  /** The job the call's cost is booked to. */
  jobId?: string | null;
  /** An issue call's orders as its job claimed them: in shared mode the call is granted only while they are still this desk's. */
  fence?: CallFence;
  /** Told once the request was written to the gateway (each time it is sent): a job run claims the rest of its orders once its first call left. */
  onWritten?: () => void;
}
