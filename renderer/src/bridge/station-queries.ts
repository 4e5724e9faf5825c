import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { StationApi, StationInfo } from '../../../shared/ipc/ipc-contract';
import { unwrapResult, useStation } from './station-context';

/**
 * The renderer's server data: one react-query key per contract read, the hooks that read them,
 * and the pushed events that keep them current. Components never call the station for reads
 * themselves, so every screen shares one cache.
 */

/** The query keys of the contract's reads. */
export const stationQueryKeys = {
  settings: ['settings'],
  info: ['station-info'],
  subscription: ['subscription'],
  network: ['network'],
  costs: ['costs'],
  componentState: ['print-component-state'],
  printers: ['printers'],
  orders: ['orders'],
  desks: ['desks'],
  /** Pushed by main while a refresh runs (never fetched). */
  refreshProgress: ['orders-refresh-progress'],
} as const;

/** How the settings are read (for the hook, and for code that must have them before going on). */
export const settingsQueryOptions = (station: StationApi) => ({ queryKey: stationQueryKeys.settings, queryFn: () => unwrapResult(station['settings.get']({})), staleTime: Infinity });

/** How the station's info is read (for the hook, and for code that must have it before going on). */
export const stationInfoQueryOptions = (station: StationApi) => ({ queryKey: stationQueryKeys.info, queryFn: () => unwrapResult(station['station.info']({})), staleTime: Infinity });

/** The current settings and token status. */
export function useSettingsQuery() {
  return useQuery(settingsQueryOptions(useStation()));
}

/** Shell, version, data folder and demo mode. */
export function useStationInfoQuery() {
  return useQuery(stationInfoQueryOptions(useStation()));
}

/** The subscription period (asked again every ten minutes at most). */
export function useSubscriptionQuery() {
  const station = useStation();
  return useQuery({ queryKey: stationQueryKeys.subscription, queryFn: () => unwrapResult(station['subscription.get']({})), staleTime: 10 * 60_000 });
}

/** Carriers, branches, balances and sender addresses. */
export function useNetworkQuery() {
  const station = useStation();
  return useQuery({ queryKey: stationQueryKeys.network, queryFn: () => unwrapResult(station['network.get']({})), staleTime: 5 * 60_000 });
}

/** Points spent today (refreshed each minute and whenever orders change). */
export function useCostsQuery() {
  const station = useStation();
  return useQuery({ queryKey: stationQueryKeys.costs, queryFn: () => unwrapResult(station['costs.summary']({})), refetchInterval: 60_000 });
}

/** Where the connection to the print component stands (kept current by its event). */
export function useComponentStateQuery() {
  const station = useStation();
  // Pushed as it changes; asked again every few seconds too, so a station that stopped answering
  // (the browser host shut down) never leaves "connected" on screen.
  return useQuery({ queryKey: stationQueryKeys.componentState, queryFn: () => unwrapResult(station['print.component-state']({})), refetchInterval: 5_000 });
}

/** The printers, and which one labels go to; asked only while the component is connected. */
export function usePrintersQuery(enabled: boolean) {
  const station = useStation();
  return useQuery({ queryKey: stationQueryKeys.printers, queryFn: () => unwrapResult(station['printers.list']({})), enabled, staleTime: 60_000 });
}

/** The shared mode's state and the account's desks (kept current by `shared-mode.changed`). */
export function useDesksQuery() {
  const station = useStation();
  return useQuery({ queryKey: stationQueryKeys.desks, queryFn: () => unwrapResult(station['desks.list']({})), staleTime: Infinity });
}

/** Asks again for everything that depends on the gateway account (after its settings or token changed). */
export async function refetchAccountData(client: QueryClient): Promise<void> {
  const keys = [stationQueryKeys.info, stationQueryKeys.subscription, stationQueryKeys.network, stationQueryKeys.costs];
  await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}

/**
 * Keeps the cache current from main's pushed events: new settings replace the cached ones (and
 * what depends on the gateway account is asked again), changed orders and desks are listed again,
 * and the print component's state and a refresh's progress are stored as they come.
 */
export function useStationEventsIntoCache(): void {
  const station = useStation();
  const client = useQueryClient();
  useEffect(() => {
    const stops = [
      station.on('settings.changed', (view) => {
        const before = client.getQueryData<typeof view>(stationQueryKeys.settings);
        client.setQueryData(stationQueryKeys.settings, view);
        if (JSON.stringify(before?.settings.gateway) !== JSON.stringify(view.settings.gateway)) void refetchAccountData(client);
        // Choosing the connection (even the same one) ends "settings need attention".
        else if (client.getQueryData<StationInfo>(stationQueryKeys.info)?.settingsNeedAttention) void client.invalidateQueries({ queryKey: stationQueryKeys.info });
        if (before?.settings.print.printer !== view.settings.print.printer) void client.invalidateQueries({ queryKey: stationQueryKeys.printers });
      }),
      station.on('orders.changed', () => {
        void client.invalidateQueries({ queryKey: stationQueryKeys.orders });
        void client.invalidateQueries({ queryKey: stationQueryKeys.costs });
      }),
      // The desks changed, or the shared server came or went: the desks and the other desks' marks on the orders are asked again.
      station.on('shared-mode.changed', () => {
        void client.invalidateQueries({ queryKey: stationQueryKeys.desks });
        void client.invalidateQueries({ queryKey: stationQueryKeys.orders });
      }),
      station.on('orders.refresh-progress', (progress) => client.setQueryData(stationQueryKeys.refreshProgress, progress)),
      station.on('print.component-state', (state) => {
        client.setQueryData(stationQueryKeys.componentState, state);
        if (state.kind === 'connected') void client.invalidateQueries({ queryKey: stationQueryKeys.printers });
      }),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [station, client]);
}
