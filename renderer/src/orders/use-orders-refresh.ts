import { skipToken, useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderRefreshEstimate, OrderRefreshProgress } from '../../../shared/domain/order-row';
import type { ChannelInput } from '../../../shared/ipc/ipc-contract';
import { stationQueryKeys } from '../bridge/station-queries';
import { unwrapResult, useStation } from '../bridge/station-context';
import { errorTextKey } from '../../../shared/errors/error-resources';
import { stationErrorOf } from '../errors/station-error-text';

const refreshMutationKey = ['orders-refresh'];

/** A refresh request as the contract takes it. */
export type RefreshRequest = ChannelInput<'orders.refresh'>;

/**
 * Loading orders from the gateway into the cache: a refresh fetches only what changed where the
 * edition allows it; a full fetch (the first one, or any in an edition without the time filter)
 * says what it will cost and waits for a yes. Progress comes from main's pushed events.
 */
export function useOrdersRefresh() {
  const station = useStation();
  const client = useQueryClient();
  const { modal, message } = App.useApp();
  const { t } = useTranslation();
  const running = useIsMutating({ mutationKey: refreshMutationKey }) > 0;
  const progress = useQuery<OrderRefreshProgress | null>({ queryKey: stationQueryKeys.refreshProgress, queryFn: skipToken });

  const mutation = useMutation({
    mutationKey: refreshMutationKey,
    mutationFn: (request: RefreshRequest) => unwrapResult(station['orders.refresh'](request)),
    onMutate: () => client.setQueryData(stationQueryKeys.refreshProgress, null),
    onSuccess: (outcome) => void message.success(t('refresh.done', { count: outcome.received, points: outcome.points })),
    onError: (error) => {
      if (stationErrorOf(error).code === 'cancelled') void message.info(t('refresh.cancelled'));
    },
    onSettled: () => {
      client.setQueryData(stationQueryKeys.refreshProgress, null);
      void client.invalidateQueries({ queryKey: stationQueryKeys.orders });
      void client.invalidateQueries({ queryKey: stationQueryKeys.costs });
    },
  });

  /** What a full fetch would cost, or null (said in a message) when main cannot tell. */
  const readEstimate = async (): Promise<OrderRefreshEstimate | null> => {
    try {
      return await unwrapResult(station['orders.refresh-estimate']({}));
    } catch (error) {
      const stationError = stationErrorOf(error);
      void message.error(t(errorTextKey(stationError.code), stationError.params));
      return null;
    }
  };

  /** States what a full fetch costs and starts it on yes. */
  const confirmFullFetch = (estimate: OrderRefreshEstimate): void => {
    const known = estimate.knownTotal !== null;
    modal.confirm({
      title: t('refresh.confirmTitle'),
      content: [
        t(`refresh.because.${estimate.fullBecause ?? 'asked'}`),
        known
          ? t('refresh.costKnown', { total: estimate.knownTotal ?? 0, calls: estimate.fullCalls, points: estimate.fullPoints })
          : t('refresh.costUnknown', { points: estimate.fullPoints }),
      ].join(' '),
      okText: t('refresh.confirmOk'),
      cancelText: t('common.cancel'),
      onOk: () => mutation.mutate({ mode: 'full' }),
      // The window never scrolls (the table does); the lock would add a style tag without the CSP nonce.
      scrollLock: false,
    });
  };

  /** Refresh (F5): only what changed where the edition allows it, else a confirmed full fetch. */
  const refresh = async (): Promise<void> => {
    if (running) return;
    const estimate = await readEstimate();
    if (estimate?.mode === 'changed') mutation.mutate({ mode: 'changed' });
    else if (estimate) confirmFullFetch(estimate);
  };

  /** Full fetch (Shift+F5): always confirmed with its cost. */
  const fullFetch = async (): Promise<void> => {
    if (running) return;
    const estimate = await readEstimate();
    if (estimate) confirmFullFetch(estimate);
  };

  /** Fetches the orders matching the server-side filters into the cache. */
  const fetchMatching = (filters: NonNullable<RefreshRequest['filters']>): void => {
    if (!running) mutation.mutate({ mode: 'full', filters });
  };

  /** Stops a running refresh between pages. */
  const cancel = (): void => {
    void station['orders.refresh-cancel']({});
  };

  const error = mutation.error && stationErrorOf(mutation.error).code !== 'cancelled' ? stationErrorOf(mutation.error) : null;
  return { refresh, fullFetch, fetchMatching, cancel, running, progress: progress.data ?? null, error, lastOutcome: mutation.data ?? null };
}

/** The refresh controls' handle, as the desk passes it around. */
export type OrdersRefresh = ReturnType<typeof useOrdersRefresh>;
