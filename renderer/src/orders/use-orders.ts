import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { stationQueryKeys, useSettingsQuery, useStationInfoQuery } from '../bridge/station-queries';
import { unwrapResult, useStation } from '../bridge/station-context';
import { buildOrderViews, type OrderView } from './order-view';
import { markOrdersDataAvailable } from './paint-timing';

/**
 * The cached orders of the shops the desk chose (remembered in the settings: `ui.orderShops`;
 * none chosen yet: every shop of the account, or in demo mode the demo shop alone, the sandbox's
 * other shops waiting to be chosen) as react-query holds them, the table's views of them, and the shops.
 */
export function useOrderViews() {
  const station = useStation();
  const settings = useSettingsQuery();
  const info = useStationInfoQuery();
  // undefined: the station's own shop.
  const chosen = settings.data?.settings.ui.orderShops ?? (info.data?.demoMode ? undefined : 'all');
  const listing = useQuery({
    queryKey: [...stationQueryKeys.orders, chosen ?? 'own'],
    queryFn: async () => {
      const data = await unwrapResult(station['orders.list'](chosen === undefined ? {} : { shopIds: chosen === 'all' ? 'all' : [...chosen] }));
      markOrdersDataAvailable();
      return data;
    },
    enabled: settings.data !== undefined && info.data !== undefined,
    // Another choice of shops keeps the table until its rows arrive.
    placeholderData: keepPreviousData,
    // Main says when the cache changed (`orders.changed`); nothing else makes it stale.
    staleTime: Infinity,
  });
  const views: readonly OrderView[] = useMemo(() => buildOrderViews(listing.data?.rows ?? [], listing.data?.shops ?? []), [listing.data]);
  const shops = listing.data?.shops ?? [];
  const listedShopIds = useMemo(() => (listing.data?.shops ?? []).filter((shop) => shop.listed).map((shop) => shop.shopId), [listing.data]);
  return { listing, views, shops, listedShopIds };
}

/** Remembers which shops the table loads, then loads them. */
export function useChooseOrderShops(): (shopIds: readonly string[]) => void {
  const station = useStation();
  const client = useQueryClient();
  return useCallback(
    (shopIds) => {
      void station['settings.update']({ patch: { ui: { orderShops: [...shopIds] } } }).then((saved) => {
        if (saved.ok) client.setQueryData(stationQueryKeys.settings, saved.data);
      });
    },
    [station, client],
  );
}
