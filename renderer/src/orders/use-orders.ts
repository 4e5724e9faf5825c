import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { ChannelInput, SettingsView, StationApi, StationInfo } from '../../../shared/ipc/ipc-contract';
import { stationQueryKeys, useSettingsQuery, useStationInfoQuery } from '../bridge/station-queries';
import { unwrapResult, useStation } from '../bridge/station-context';
import { buildOrderViews, type OrderView } from './order-view';
import { markOrdersDataAvailable } from './paint-timing';

/**
 * The shops the desk chose, as the orders channels take them: remembered in the settings
 * (`ui.orderShops`); none chosen yet, every shop of the account, or in demo mode the demo shop
 * alone (no shop named: the station's own), the sandbox's other shops waiting to be chosen.
 * Undefined until the settings and the station's info are read.
 */
export function useChosenShops(): ChannelInput<'orders.list'> | undefined {
  const settings = useSettingsQuery();
  const info = useStationInfoQuery();
  return settings.data === undefined || info.data === undefined ? undefined : chosenShopsOf(settings.data, info.data);
}

/** The shops the desk chose, as `useChosenShops` tells them, from the settings and the station's info. */
export function chosenShopsOf(settings: SettingsView, info: StationInfo): ChannelInput<'orders.list'> {
  const chosen = settings.settings.ui.orderShops;
  if (chosen !== null) return { shopIds: chosen };
  return info.demoMode ? {} : { shopIds: 'all' };
}

/**
 * How the cached orders of the chosen shops are read: for the table's hook, and for the window's
 * start, which asks for them as soon as the settings and the station's info are in (before the
 * desk first renders) so the list is on its way while the page draws.
 */
export const ordersListingQueryOptions = (station: StationApi, chosen: ChannelInput<'orders.list'> | undefined) => ({
  queryKey: [...stationQueryKeys.orders, chosen?.shopIds ?? 'own'],
  queryFn: () => unwrapResult(station['orders.list'](chosen ?? {})),
  // Main says when the cache changed (`orders.changed`); nothing else makes it stale.
  staleTime: Infinity,
});

/** The cached orders of the shops the desk chose as react-query holds them (one cache for the table and the plan), and the shops chosen. */
export function useOrdersListing() {
  const station = useStation();
  const chosen = useChosenShops();
  const listing = useQuery({
    ...ordersListingQueryOptions(station, chosen),
    enabled: chosen !== undefined,
    // Another choice of shops keeps the table until its rows arrive.
    placeholderData: keepPreviousData,
  });
  return { listing, chosen };
}

/** The cached orders of the shops the desk chose as react-query holds them, the table's views of them, and the shops. */
export function useOrderViews() {
  const { listing, chosen } = useOrdersListing();
  const views: readonly OrderView[] = useMemo(() => {
    // The table's first-paint measure starts where its rows reach it (the list may have come before the desk first rendered).
    if (listing.data !== undefined) markOrdersDataAvailable();
    return buildOrderViews(listing.data?.rows ?? [], listing.data?.shops ?? []);
  }, [listing.data]);
  const shops = listing.data?.shops ?? [];
  return { listing, views, shops, chosen };
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
