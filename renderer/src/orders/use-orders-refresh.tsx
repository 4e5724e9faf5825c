import { skipToken, useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderListingShop, OrderRefreshEstimate, OrderRefreshProgress, ShopRefreshEstimate } from '../../../shared/domain/order-row';
import type { ChannelInput } from '../../../shared/ipc/ipc-contract';
import { settingsQueryOptions, stationInfoQueryOptions, stationQueryKeys } from '../bridge/station-queries';
import { chosenShopsOf } from './use-orders';
import { unwrapResult, useStation } from '../bridge/station-context';
import { errorTextKey } from '../../../shared/errors/error-resources';
import { stationErrorOf } from '../errors/station-error-text';

const refreshMutationKey = ['orders-refresh'];

/** A refresh request as the contract takes it (the shops are the hook's). */
export type RefreshRequest = Omit<ChannelInput<'orders.refresh'>, 'shopIds'>;

/** The shops a refresh is of, as the orders channels take them. */
type ChosenShops = ChannelInput<'orders.list'>;

/**
 * Loading orders of the shops the desk chose (`chosen`, as `useChosenShops` answers; `shops`
 * name them) from the gateway into the cache, one shop after the other: a refresh fetches only
 * what changed where the edition allows it; a full fetch (the first one of a shop, or any in an
 * edition without the time filter) says what it will cost, shop by shop, and waits for a yes.
 * Progress comes from main's pushed events; a shop that failed is named with its error while the
 * others' orders are kept.
 */
export function useOrdersRefresh(chosen: ChosenShops | undefined, shops: readonly OrderListingShop[]) {
  const station = useStation();
  const client = useQueryClient();
  const { modal, message } = App.useApp();
  const { t } = useTranslation();
  const running = useIsMutating({ mutationKey: refreshMutationKey }) > 0;
  const progress = useQuery<OrderRefreshProgress | null>({ queryKey: stationQueryKeys.refreshProgress, queryFn: skipToken });
  const nameOf = (shopId: string) => shops.find((shop) => shop.shopId === shopId)?.name ?? shopId;

  const mutation = useMutation({
    mutationKey: refreshMutationKey,
    mutationFn: (request: ChannelInput<'orders.refresh'>) => unwrapResult(station['orders.refresh'](request)),
    onMutate: () => client.setQueryData(stationQueryKeys.refreshProgress, null),
    onSuccess: (outcome) => {
      const sum = (pick: (shop: (typeof outcome.shops)[number]) => number) => outcome.shops.reduce((total, shop) => total + pick(shop), 0);
      void message.success(t('refresh.done', { orders: t('common.orders', { count: sum((shop) => shop.received) }), points: t('common.points', { count: sum((shop) => shop.points) }) }));
    },
    onError: (error) => {
      if (stationErrorOf(error).code === 'cancelled') void message.info(t('refresh.cancelled'));
    },
    onSettled: () => {
      client.setQueryData(stationQueryKeys.refreshProgress, null);
      void client.invalidateQueries({ queryKey: stationQueryKeys.orders });
      void client.invalidateQueries({ queryKey: stationQueryKeys.costs });
    },
  });

  /** The shops chosen; read first when a key came before the settings and the station's info were in (at once after a start). */
  const chosenNow = async (): Promise<ChosenShops> =>
    chosen ?? chosenShopsOf(await client.ensureQueryData(settingsQueryOptions(station)), await client.ensureQueryData(stationInfoQueryOptions(station)));

  /** What refreshing the shops would cost, or null (said in a message) when main cannot tell. */
  const readEstimate = async (of: ChosenShops): Promise<OrderRefreshEstimate | null> => {
    try {
      return await unwrapResult(station['orders.refresh-estimate'](of));
    } catch (error) {
      const stationError = stationErrorOf(error);
      void message.error(t(errorTextKey(stationError.code), stationError.params));
      return null;
    }
  };

  /** Why one shop is fetched in full and what it costs, in a sentence. */
  const fullCost = (shop: ShopRefreshEstimate): string =>
    [
      t(`refresh.because.${shop.fullBecause ?? 'asked'}`),
      shop.knownTotal !== null
        ? t('refresh.costKnown', { orders: t('common.orders', { count: shop.knownTotal }), calls: t('common.calls', { count: shop.fullCalls }), points: t('common.points', { count: shop.fullPoints }) })
        : t('refresh.costUnknown', { points: t('common.points', { count: shop.fullPoints }) }),
    ].join(' ');

  /**
   * States what the fetch costs, shop by shop (a shop that may fetch only what changed says so),
   * and starts it on yes. `full`: every shop fetched in full (Shift+F5).
   */
  const confirmFetch = (of: ChosenShops, estimate: OrderRefreshEstimate, full: boolean): void => {
    const fetchedInFull = estimate.shops.filter((shop) => full || shop.mode === 'full');
    const [only] = estimate.shops;
    const perShop = () => [
      ...estimate.shops.map((shop) => t('refresh.shopLine', { shop: nameOf(shop.shopId), text: full || shop.mode === 'full' ? fullCost(shop) : t('refresh.onlyChanged') })),
      t('refresh.totalCost', {
        calls: t('common.calls', { count: fetchedInFull.reduce((sum, shop) => sum + shop.fullCalls, 0) }),
        points: t('common.points', { count: fetchedInFull.reduce((sum, shop) => sum + shop.fullPoints, 0) }),
      }),
    ];
    // One shop is told as before; several each on their line, then the sum.
    const lines = estimate.shops.length === 1 && only !== undefined ? [fullCost(only)] : perShop();
    modal.confirm({
      title: t('refresh.confirmTitle'),
      content: (
        <div className="desk-refresh__cost" aria-label={t('refresh.costLabel')}>
          {lines.map((line, index) => (
            <p key={index}>{line}</p>
          ))}
        </div>
      ),
      okText: t('refresh.confirmOk'),
      cancelText: t('common.cancel'),
      onOk: () => mutation.mutate({ mode: full ? 'full' : 'changed', ...of }),
      // The window never scrolls (the table does); the lock would add a style tag without the CSP nonce.
      scrollLock: false,
    });
  };

  /** Refresh (F5): only what changed where the edition allows it, else a confirmed full fetch of the shops that need one. */
  const refresh = async (): Promise<void> => {
    if (running) return;
    const of = await chosenNow();
    const estimate = await readEstimate(of);
    if (estimate?.shops.every((shop) => shop.mode === 'changed')) mutation.mutate({ mode: 'changed', ...of });
    else if (estimate) confirmFetch(of, estimate, false);
  };

  /** Full fetch (Shift+F5): always confirmed with its cost. */
  const fullFetch = async (): Promise<void> => {
    if (running) return;
    const of = await chosenNow();
    const estimate = await readEstimate(of);
    if (estimate) confirmFetch(of, estimate, true);
  };

  /** Fetches the orders matching the server-side filters into the cache. */
  const fetchMatching = async (filters: NonNullable<RefreshRequest['filters']>): Promise<void> => {
    if (!running) mutation.mutate({ mode: 'full', filters, ...(await chosenNow()) });
  };

  /** Stops a running refresh between pages. */
  const cancel = (): void => {
    void station['orders.refresh-cancel']({});
  };

  const error = mutation.error && stationErrorOf(mutation.error).code !== 'cancelled' ? stationErrorOf(mutation.error) : null;
  const shopFailures = (mutation.data?.failed ?? []).map((failure) => ({ shop: nameOf(failure.shopId), error: failure.error }));
  const current = progress.data ?? null;
  return {
    refresh,
    fullFetch,
    fetchMatching,
    cancel,
    running,
    progress: current,
    /** The shop being fetched, when several are. */
    progressShop: current !== null && current.shopsPlanned > 1 ? { name: nameOf(current.shopId), index: current.shopsDone + 1, count: current.shopsPlanned } : null,
    error,
    shopFailures,
    lastOutcome: mutation.data ?? null,
  };
}

/** The refresh controls' handle, as the desk passes it around. */
export type OrdersRefresh = ReturnType<typeof useOrdersRefresh>;
