import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the variant does with one request. */
export type VariantAction =
  /** Pass the request to the real gateway; the JSON answer may be rewritten on its way back. */
  | { kind: 'forward'; rewrite?: (envelope: Record<string, unknown>) => Record<string, unknown> }
  /** Answer directly. */
  | { kind: 'answer'; status: number; body: unknown };

/** A request as the variant saw it. */
export interface VariantRequest {
  path: string;
  authorization: string;
  contentType: string;
}

/** A running gateway variant. */
export interface GatewayVariant {
  url: string;
  /** Requests received, in order. */
  requests(): VariantRequest[];
  close(): Promise<void>;
}

async function readAll(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function reply(response: ServerResponse, status: number, body: unknown): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

/**
 * A gateway that behaves differently from the sandbox in one respect — a path that answers 404,
 * an answer with a field rewritten — and otherwise forwards to the sandbox over HTTP. It stands
 * for another deployment of the gateway, so the client is tested against it as it is; nothing of
 * the client is replaced. For tests and benchmarks on 127.0.0.1 only.
 */
export async function startGatewayVariant(targetUrl: string, decide: (request: VariantRequest) => VariantAction): Promise<GatewayVariant> {
  const seen: VariantRequest[] = [];
  const server = createServer((request, response) => {
    void (async () => {
      const seenRequest = {
        path: (request.url ?? '/').split('?')[0] ?? '/',
        authorization: request.headers.authorization ?? '',
        contentType: request.headers['content-type'] ?? '',
      };
      seen.push(seenRequest);
      const body = await readAll(request);
      const action = decide(seenRequest);
      if (action.kind === 'answer') {
        reply(response, action.status, action.body);
        return;
      }
      const upstream = await fetch(`${targetUrl}${request.url ?? '/'}`, {
        method: request.method ?? 'POST',
        headers: {
          ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}),
          ...(request.headers['content-type'] ? { 'content-type': request.headers['content-type'] } : {}),
        },
        body: body.length > 0 ? body : undefined,
      });
      const text = await upstream.text();
      if (!action.rewrite) {
        reply(response, upstream.status, text);
        return;
      }
      reply(response, upstream.status, action.rewrite(JSON.parse(text) as Record<string, unknown>));
    })().catch(() => {
      response.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => [...seen],
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
