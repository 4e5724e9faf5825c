import './csp/zod-without-eval';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import './app/global.css';
import { createRoot } from 'react-dom/client';
import { AppShell } from './app/app-shell';
import { createUiStore } from './app/ui-store';
import { UiStoreContext } from './app/ui-store-context';
import { connectStation } from './bridge/station-bridge';
import { StationContext } from './bridge/station-context';
import { stationQueryKeys } from './bridge/station-queries';
import { chosenShopsOf, ordersListingQueryOptions } from './orders/use-orders';
import { languageForSystem, setupI18n } from './i18n/setup-i18n';
import { withSupervisorApproval } from './operators/supervisor-approval';

const station = connectStation();
// The CJK face before the first paint: Chromium draws an input's placeholder once, and one drawn
// before the face arrived stays in boxes on a desk with no system CJK font. Loaded while the
// settings are read; a face that cannot load holds the window for at most a second.
const cjkFace = Promise.race([document.fonts.load('16px "Station CJK Fallback"', '扫描').catch(() => []), new Promise((resolve) => setTimeout(resolve, 1000))]);
// The language the user chose last time, else the system's (Chinese wherever the system is); the
// station's info with it, so the orders can be asked for before the desk first renders.
const [stored, info] = await Promise.all([station['settings.get']({}), station['station.info']({})]);
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
if (stored.ok) queryClient.setQueryData(stationQueryKeys.settings, stored.data);
if (info.ok) queryClient.setQueryData(stationQueryKeys.info, info.data);
// The cached orders (the largest answer of a start) travel and are parsed while the language, the
// CJK face and the desk's first render come.
if (stored.ok && info.ok) void queryClient.prefetchQuery(ordersListingQueryOptions(station, chosenShopsOf(stored.data, info.data)));
const language = (stored.ok ? stored.data.settings.ui.language : null) ?? languageForSystem(navigator.languages);
await setupI18n(language);
const uiStore = createUiStore(language);
await cjkFace;
// Where main asks for a supervisor, the window asks one for their name and PIN and sends the call again.
const approvingStation = withSupervisorApproval(station, (error) => uiStore.getState().askSupervisorApproval(error));
// Each shell puts a fresh nonce on this tag; antd's CSS-in-JS stamps it on the styles it adds.
const cspNonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce ?? '';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <StationContext.Provider value={approvingStation}>
      <QueryClientProvider client={queryClient}>
        <UiStoreContext.Provider value={uiStore}>
          <AppShell cspNonce={cspNonce} />
        </UiStoreContext.Provider>
      </QueryClientProvider>
    </StationContext.Provider>
  </StrictMode>,
);
