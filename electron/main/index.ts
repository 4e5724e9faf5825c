import { runDesktopShell } from './desktop-shell';

// The app's entry: it reads nothing but the data folder (STATION_DATA_DIR, else Electron's
// userData folder); no flag or environment variable can point it elsewhere or switch test paths on.
await runDesktopShell({ overrides: {} });
