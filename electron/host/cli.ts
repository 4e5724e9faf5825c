import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startStationHost } from './station-host';

const { values } = parseArgs({
  options: { port: { type: 'string', default: process.env.STATION_HOST_PORT ?? '0' } },
});

const rendererDir = resolve(import.meta.dirname, '../../out/renderer');
if (!existsSync(resolve(rendererDir, 'index.html'))) {
  console.error(`The renderer is not built (${rendererDir} has no index.html): run "npm run build" first, or start the host with "npm run web".`);
  process.exit(1);
}

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a whole number from 0 to 65535 (got "${values.port}").`);
  process.exit(2);
}

const host = await startStationHost({ port, rendererDir });
console.log(`Station host listening on ${host.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void host.close().then(() => process.exit(0)));
}
