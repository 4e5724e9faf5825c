import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stationError } from '../../shared/errors/station-error';
import { channelNames } from '../../shared/ipc/ipc-contract';
import type { Result } from '../../shared/result';
import type { IpcDispatch } from '../ipc/ipc-dispatcher';
import type { StationEvents } from '../ipc/station-events';
import { createCspNonce, rendererContentSecurityPolicy, withCspNonce } from '../renderer-serving/renderer-csp';

/** What the browser host needs to start. */
export interface StationHostOptions {
  /** 0 picks a free port. */
  port: number;
  /** The built renderer (electron-vite's `out/renderer`). */
  rendererDir: string;
  /** Answers contract calls (the same dispatcher the Electron shell uses). */
  dispatch: IpcDispatch;
  /** The event bus whose events are pushed to the page over server-sent events. */
  events: Pick<StationEvents, 'subscribe'>;
}

/** A running browser host. */
export interface RunningStationHost {
  /** The address to open: the page, with this run's key in its query. */
  url: string;
  origin: string;
  /** This run's secret; every contract request must carry it. */
  key: string;
  close: () => Promise<void>;
}

/** The header that carries the per-run key on contract requests. */
export const stationKeyHeader = 'x-station-key';

/** The routes that serve the page and its built assets: the only ones open without the key. */
const publicRoutes: ReadonlySet<string> = new Set(['/', '/index.html', '/*']);

function sameSecret(given: unknown, key: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}

function refuse(reply: FastifyReply, status: number, reason: string): FastifyReply {
  const answer: Result<never> = { ok: false, error: stationError('host.refused', { reason }) };
  return reply.code(status).send(answer);
}

/**
 * The browser host: the built renderer and the IPC contract over HTTP, on 127.0.0.1 only.
 * `POST /ipc/<channel>` answers the same Result object as the Electron shell; `GET /ipc` lists
 * the channels; `GET /ipc/events` streams pushed events (server-sent events). Every contract
 * route needs this run's key, and every request must name our own Host (and Origin, when the
 * browser sends one), so neither another site nor DNS rebinding can reach the services.
 */
export async function startStationHost(options: StationHostOptions): Promise<RunningStationHost> {
  const key = randomBytes(24).toString('hex');
  const indexHtml = await readFile(join(options.rendererDir, 'index.html'), 'utf8');
  const server = Fastify({ logger: false, bodyLimit: 4 * 1024 * 1024 });
  let origin = '';

  server.addHook('onRequest', async (request, reply) => {
    // Only origin-form targets (`/path`): an absolute-form target names a host of its own,
    // which the Host check below would not see.
    if (!request.raw.url?.startsWith('/')) return refuse(reply, 400, 'request target must be a path');
    const expectedHost = origin.slice('http://'.length);
    if (request.headers.host !== expectedHost) return refuse(reply, 403, 'foreign Host header');
    const requestOrigin = request.headers.origin;
    if (requestOrigin !== undefined && requestOrigin !== origin) return refuse(reply, 403, 'foreign Origin');
    // Decided on the route the router chose (it matches the decoded path, so `/%69pc/…` is
    // `/ipc/…`), never on the raw URL: every route but the page and its assets needs the key,
    // and so does a request no route matched.
    if (!publicRoutes.has(request.routeOptions.url ?? '')) {
      const given = request.headers[stationKeyHeader] ?? (request.query as Record<string, unknown> | undefined)?.key;
      if (!sameSecret(given, key)) return refuse(reply, 403, 'missing or wrong station key');
    }
    return undefined;
  });

  const sendIndex = (_request: FastifyRequest, reply: FastifyReply) => {
    const nonce = createCspNonce();
    return reply
      .header('content-security-policy', rendererContentSecurityPolicy(nonce))
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(withCspNonce(indexHtml, nonce));
  };
  server.get('/', sendIndex);
  server.get('/index.html', sendIndex);
  await server.register(fastifyStatic, { root: options.rendererDir, index: false, wildcard: true });

  server.get('/ipc', async () => ({ ok: true, data: { channels: channelNames } }));
  server.post<{ Params: { channel: string } }>('/ipc/:channel', async (request) => options.dispatch(request.params.channel, request.body));
  server.get('/ipc/events', (request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
    reply.raw.write(': connected\n\n');
    const unsubscribe = options.events.subscribe((name, payload) => {
      reply.raw.write(`event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`);
    });
    request.raw.on('close', unsubscribe);
  });

  await server.listen({ host: '127.0.0.1', port: options.port });
  const address = server.server.address();
  if (address === null || typeof address === 'string') throw new Error('the host did not bind a TCP port');
  origin = `http://127.0.0.1:${address.port}`;
  return {
    url: `${origin}/?key=${key}`,
    origin,
    key,
    close: async () => {
      server.server.closeAllConnections();
      await server.close();
    },
  };
}
