import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

/** What the browser host needs to start. */
export interface StationHostOptions {
  /** 0 picks a free port. */
  port: number;
  /** The built renderer (electron-vite's `out/renderer`). */
  rendererDir: string;
}

/** A running browser host. */
export interface RunningStationHost {
  url: string;
  close: () => Promise<void>;
}

/**
 * The browser host: serves the built renderer on 127.0.0.1 only, so Playwright (and a developer
 * without the Electron runtime) can drive the real UI in a browser.
 */
export async function startStationHost(options: StationHostOptions): Promise<RunningStationHost> {
  const server = Fastify({ logger: false });
  await server.register(fastifyStatic, { root: options.rendererDir, index: ['index.html'] });
  await server.listen({ host: '127.0.0.1', port: options.port });
  const address = server.server.address();
  if (address === null || typeof address === 'string') throw new Error('the host did not bind a TCP port');
  return { url: `http://127.0.0.1:${address.port}/`, close: () => server.close() };
}
