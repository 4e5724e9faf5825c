import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import './app/global.css';
import { createRoot } from 'react-dom/client';
import { AppShell } from './app/app-shell';
import { createUiStore } from './app/ui-store';
import { connectStation } from './bridge/station-bridge';
import { StationContext } from './bridge/station-context';
import { languageForSystem, setupI18n } from './i18n/setup-i18n';

const station = connectStation();
const language = languageForSystem(navigator.languages);
await setupI18n(language);
const useUiStore = createUiStore(language);
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
// Each shell puts a fresh nonce on this tag; antd's CSS-in-JS stamps it on the styles it adds.
const cspNonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce ?? '';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <StationContext.Provider value={station}>
      <QueryClientProvider client={queryClient}>
        <AppShell useUiStore={useUiStore} cspNonce={cspNonce} />
      </QueryClientProvider>
    </StationContext.Provider>
  </StrictMode>,
);
