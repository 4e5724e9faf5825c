import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppShell } from './app/app-shell';
import { createUiStore } from './app/ui-store';
import { languageForSystem, setupI18n } from './i18n/setup-i18n';

const language = languageForSystem(navigator.languages);
await setupI18n(language);
const useUiStore = createUiStore(language);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <AppShell useUiStore={useUiStore} />
  </StrictMode>,
);
