import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { stationQueryKeys } from '../bridge/station-queries';
import { unwrapResult, useStation } from '../bridge/station-context';
import { buildOrderViews, type OrderView } from './order-view';
import { markOrdersDataAvailable } from './paint-timing';

/** The cached orders as react-query holds them, and the table's views of them. */
export function useOrderViews() {
  const station = useStation();
  const listing = useQuery({
    queryKey: stationQueryKeys.orders,
    queryFn: async () => {
      const data = await unwrapResult(station['orders.list']({}));
      markOrdersDataAvailable();
      return data;
    },
    // Main says when the cache changed (`orders.changed`); nothing else makes it stale.
    staleTime: Infinity,
  });
  const views: readonly OrderView[] = useMemo(() => buildOrderViews(listing.data?.rows ?? []), [listing.data]);
  return { listing, views };
}
