import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { GATEWAY_CODES, GATEWAY_MESSAGES } from '../../../shared/gateway/envelope-codes';
import { GATEWAY_ENDPOINTS, endpointAtPath, type GatewayEndpointId } from '../../../shared/gateway/endpoints';
import { ADMIN_PREFIX, registerAdminRoutes, type SandboxControls } from './admin-routes';
import { bearerToken } from './auth';
import { readBody, registerBodyParsers } from './body-parsing';
import type { CallLog } from './call-log';
import { errorAnswer, toEnvelope, type GatewayAnswer } from './envelope';
import { answerDelay, rollCallFault } from './faults';
import { accessRefusal, parameterErrorAnswer, type EndpointHandler, type GatewayContext } from './gateway-context';
import { handleIssue } from './issue-endpoint';
import { handleNetworkInfo } from './network-info-endpoint';
import { handleQueryIssued } from './query-issued-endpoint';
import type { SlidingWindowLimiter } from './rate-limit';
import { ParameterError } from './request-fields';
import type { SandboxCall, SandboxFaultKind } from './sandbox-types';
import { handleSoldOrders } from './sold-orders-endpoint';
import { handleSubscription } from './subscription-endpoint';

/**
 * The sandbox's HTTP server: routing and the per-call pipeline. Every gateway call, in order:
 * 1. arrives: recorded in the call log, counted by the rate limiter (per presented token; a
 *    call beyond the limit gets 202 "rate limit exceeded" at once and counts as a violation);
 * 2. waits the configured latency, then rolls its fault;
 * 3. unknown path or a method other than POST → 404 (routing precedes authentication);
 * 4. token missing or wrong → 401; account without permission or quota → 204;
 * 5. body parsed (unparsable or the wrong kind → 100), endpoint handler runs, state persisted;
 * 6. the answer leaves in the envelope — or, per the fault, is replaced (101), lost or truncated.
 * HTTP status: 200 for every envelope, errors included (such gateways answer so), except the
 * injected server error (HTTP 502) and, with errorHttpStatus 'mirror-code', 401 and 404.
 */

/** What the server is built from. */
export interface GatewayServerParts {
  context: GatewayContext;
  callLog: CallLog;
  limiter: SlidingWindowLimiter;
  errorHttpStatus: 'always-200' | 'mirror-code';
  /** Admin routes to serve, or null when they are disabled. */
  controls: SandboxControls | null;
}

/** Padding of an oversized answer: a little over 20 MB. */
const OVERSIZED_ANSWER_BYTES = 21 * 1024 * 1024;

const HANDLERS: Readonly<Record<GatewayEndpointId, EndpointHandler>> = {
  'query-issued': handleQueryIssued,
  subscription: handleSubscription,
  issue: handleIssue,
  'network-info': handleNetworkInfo,
  'sold-orders': handleSoldOrders,
};

/** A call on its way through the pipeline. */
interface InFlight {
  record: SandboxCall;
  arrivedAt: number;
  fault: SandboxFaultKind | null;
}

/** Builds (does not start) the server. */
export async function buildGatewayServer(parts: GatewayServerParts): Promise<FastifyInstance> {
  const { context, callLog, limiter } = parts;
  const inFlight = new WeakMap<FastifyRequest, InFlight>();
  // forceCloseConnections: close() must not wait for clients' keep-alive sockets.
  const app = Fastify({ logger: false, forceCloseConnections: true });
  await registerBodyParsers(app);

  const httpStatus = (answer: GatewayAnswer): number => {
    if (answer.httpStatus !== undefined) return answer.httpStatus;
    const mirrored = answer.code === GATEWAY_CODES.tokenInvalid || answer.code === GATEWAY_CODES.notFound;
    return parts.errorHttpStatus === 'mirror-code' && mirrored ? answer.code : 200;
  };

  /** Sends an answer, applying the call's after-effect fault. */
  const finish = (request: FastifyRequest, reply: FastifyReply, given: GatewayAnswer): FastifyReply => {
    const call = inFlight.get(request);
    const fault = call?.fault ?? null;
    const answer = fault === 'timeout' ? errorAnswer(GATEWAY_CODES.timedOut, GATEWAY_MESSAGES.timedOut) : given;
    const envelope = toEnvelope(answer, call?.arrivedAt ?? Date.now());
    const status = httpStatus(answer);
    if (call) {
      call.record.code = envelope.code;
      call.record.httpStatus = status;
    }
    if (fault === 'drop-after') {
      if (call) call.record.httpStatus = null;
      reply.hijack();
      request.raw.socket.destroy();
      return reply;
    }
    if (fault === 'malformed-json' || fault === 'oversized' || answer.raw) {
      let text = JSON.stringify(envelope);
      if (answer.raw) text = text.replace(JSON.stringify(answer.raw.placeholder), answer.raw.text);
      // Past the client's 20 MB cap on answers, however it reads them.
      if (fault === 'oversized') text = `${text.slice(0, -1)},"padding":"${'x'.repeat(OVERSIZED_ANSWER_BYTES)}"}`;
      if (fault === 'malformed-json') text = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
      reply.hijack();
      // An oversized answer goes chunked, without a Content-Length: only a limit applied while reading catches it.
      const length = fault === 'oversized' ? {} : { 'content-length': Buffer.byteLength(text) };
      reply.raw.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...length });
      reply.raw.end(text);
      return reply;
    }
    return reply.code(status).header('content-type', 'application/json; charset=utf-8').send(envelope);
  };

  app.addHook('onRequest', async (request, reply) => {
    const routeUrl = request.is404 ? undefined : request.routeOptions.url;
    const token = bearerToken(request.headers);
    if (routeUrl?.startsWith(ADMIN_PREFIX)) {
      // Admin routes: same token, no rate limit, no faults, not in the call log.
      if (token !== context.identity.token) return finish(request, reply, errorAnswer(GATEWAY_CODES.tokenInvalid, GATEWAY_MESSAGES.tokenInvalid));
      return;
    }
    const endpoint = routeUrl === undefined ? undefined : endpointAtPath(routeUrl);
    const arrivedAt = Date.now();
    const record = callLog.arrive({ at: arrivedAt, path: request.url.split('?')[0] ?? request.url, endpoint: endpoint?.id ?? null, token });
    const call: InFlight = { record, arrivedAt, fault: null };
    inFlight.set(request, call);

    if (!limiter.tryAcquire(token ?? '')) {
      callLog.violation(record);
      return finish(request, reply, errorAnswer(GATEWAY_CODES.busy, GATEWAY_MESSAGES.rateLimitExceeded));
    }
    const delay = answerDelay(context.runtime.faults, context.random.faults);
    if (delay > 0) await sleep(delay);
    call.fault = rollCallFault(context.runtime.faults, context.random.faults);
    record.fault = call.fault;
    if (call.fault === 'drop-before') {
      reply.hijack();
      request.raw.socket.destroy();
      return reply;
    }
    if (call.fault === 'busy') return finish(request, reply, errorAnswer(GATEWAY_CODES.busy, GATEWAY_MESSAGES.busy));
    if (call.fault === 'server-error') return finish(request, reply, { ...errorAnswer(GATEWAY_CODES.systemError, GATEWAY_MESSAGES.systemError), httpStatus: 502 });
    if (!endpoint) return finish(request, reply, errorAnswer(GATEWAY_CODES.notFound, GATEWAY_MESSAGES.notFound));
    if (token !== context.identity.token) return finish(request, reply, errorAnswer(GATEWAY_CODES.tokenInvalid, GATEWAY_MESSAGES.tokenInvalid));
    const refusal = accessRefusal(context, endpoint.id);
    if (refusal) return finish(request, reply, refusal);
  });

  const sandboxBug = (error: unknown): GatewayAnswer => ({
    ...errorAnswer(GATEWAY_CODES.systemError, `${GATEWAY_MESSAGES.systemError}（${error instanceof Error ? error.message : String(error)}）`),
    httpStatus: 500,
  });

  // What reaches here was thrown while reading the body (route handlers catch their own errors):
  // the caller's parameter error, unless fastify itself reports a server-side status.
  app.setErrorHandler((error: { statusCode?: number; message?: string }, request, reply) => {
    if (error.statusCode !== undefined && error.statusCode >= 500) return finish(request, reply, sandboxBug(error));
    return finish(request, reply, errorAnswer(GATEWAY_CODES.parameterError, `${GATEWAY_MESSAGES.parameterError}：无法解析请求体（${error.message ?? ''}）`));
  });

  app.setNotFoundHandler((request, reply) => finish(request, reply, errorAnswer(GATEWAY_CODES.notFound, GATEWAY_MESSAGES.notFound)));

  for (const endpoint of GATEWAY_ENDPOINTS) {
    const handler = HANDLERS[endpoint.id];
    for (const path of [endpoint.path, endpoint.alias]) {
      if (path === null) continue;
      app.post(path, async (request, reply) => {
        const call = inFlight.get(request);
        const read = readBody(request, endpoint.body);
        if (call) call.record.body = 'body' in read ? read.body : (request.body ?? null);
        if ('problem' in read) return finish(request, reply, errorAnswer(GATEWAY_CODES.parameterError, `${GATEWAY_MESSAGES.parameterError}：${read.problem}`));
        let answer: GatewayAnswer;
        try {
          if (!call) throw new Error('gateway call without arrival record');
          answer = handler(context, read.body, call.record);
          if (answer.charged) await context.persist();
        } catch (error) {
          answer = error instanceof ParameterError ? parameterErrorAnswer(error) : sandboxBug(error);
        }
        return finish(request, reply, answer);
      });
    }
  }

  if (parts.controls) registerAdminRoutes(app, parts.controls, finish);
  return app;
}
