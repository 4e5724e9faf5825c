import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { JobView } from '../../../shared/domain/issuing';
import { unwrapResult, useStation } from '../bridge/station-context';

/** The query keys of one job's data and of the print queue. */
export const jobQueryKeys = {
  summary: (jobId: string) => ['job', jobId, 'summary'] as const,
  orders: (jobId: string) => ['job', jobId, 'orders'] as const,
  printQueue: ['print-queue-status'] as const,
};

/** How often a running job is asked again, in case a pushed event was missed (the events are the main source). */
const RUNNING_JOB_POLL_MS = 2000;

/** True once a job will not change any more: issuing over and every label settled. */
export function isJobSettled(job: JobView): boolean {
  return job.state === 'done' || job.state === 'cancelled' || job.state === 'failed';
}

/**
 * A job's view, summary and orders, kept current by main's `jobs.changed`,
 * `jobs.orders-changed` and `print.queue-status` events while the view is open.
 */
export function useJob(jobId: string) {
  const station = useStation();
  const client = useQueryClient();
  const summary = useQuery({
    queryKey: jobQueryKeys.summary(jobId),
    queryFn: () => unwrapResult(station['jobs.summary']({ jobId })),
    refetchInterval: (query) => (query.state.data && isJobSettled(query.state.data.job) ? false : RUNNING_JOB_POLL_MS),
  });
  const orders = useQuery({
    queryKey: jobQueryKeys.orders(jobId),
    queryFn: () => unwrapResult(station['jobs.orders']({ jobId })),
    refetchInterval: () => (summary.data && isJobSettled(summary.data.job) ? false : RUNNING_JOB_POLL_MS),
  });
  const settled = summary.data ? isJobSettled(summary.data.job) : false;
  // The orders' last changes may come with the job's end: read them once more when it settles.
  useEffect(() => {
    if (settled) void client.invalidateQueries({ queryKey: jobQueryKeys.orders(jobId) });
  }, [settled, client, jobId]);
  useEffect(() => {
    const stops = [
      station.on('jobs.changed', (job) => {
        if (job.id === jobId) void client.invalidateQueries({ queryKey: jobQueryKeys.summary(jobId) });
      }),
      station.on('jobs.orders-changed', (change) => {
        if (change.jobId === jobId) void client.invalidateQueries({ queryKey: jobQueryKeys.orders(jobId) });
      }),
      station.on('print.queue-status', () => void client.invalidateQueries({ queryKey: jobQueryKeys.summary(jobId) })),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [station, client, jobId]);
  return { summary, orders };
}

/** The print queue as a whole (component state, labels waiting), kept current by its event. */
export function usePrintQueueStatus() {
  const station = useStation();
  const client = useQueryClient();
  const status = useQuery({ queryKey: jobQueryKeys.printQueue, queryFn: () => unwrapResult(station['print.queue-status']({})), staleTime: Infinity });
  useEffect(() => station.on('print.queue-status', (next) => client.setQueryData(jobQueryKeys.printQueue, next)), [station, client]);
  return status;
}
