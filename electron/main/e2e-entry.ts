import { app } from 'electron';
import { parseRunOptions } from '../composition/run-options';
import { runDesktopShell } from './desktop-shell';

// The test entry (e2e through Playwright's _electron, development only; never packaged): the same
// desktop shell as the app, given the browser host's STATION_* overrides so a test can point it
// at its own sandbox gateway and print emulator, or size the demo shop.
const parsed = parseRunOptions([], process.env);
if (parsed.ok) await runDesktopShell({ overrides: parsed.options.overrides, demoOrders: parsed.options.demoOrders });
else {
  console.error(parsed.message);
  app.exit(2);
}
