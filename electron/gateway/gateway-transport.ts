import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { StationError } from '../../shared/errors/station-error';
import { stationError } from '../../shared/errors/station-error';
import { GATEWAY_CODES } from '../../shared/gateway/envelope-codes';
import { readInteger, readText, asRecord } from './decoding/tolerant-values';

/** A request body: JSON, or form fields sent as multipart/form-data. */
export type GatewayRequestBody =
  | { kind: 'json'; value: Record<string, unknown> }
  | { kind: 'form'; fields: Record<string, string> };

/** The gateway's common response envelope (spec 2.1), read tolerantly. */
export interface GatewayEnvelope {
  code: number;
  msg: string;
  data: unknown;
}

/** What one HTTP exchange with the gateway produced. */
export type TransportOutcome =
  /** An envelope came back (any code except 404). */
  | { kind: 'answer'; httpStatus: number; envelope: GatewayEnvelope }
  /** The path is unknown to the gateway: HTTP 404 or envelope code 404. Nothing was processed. */
  | { kind: 'path-not-found'; httpStatus: number }
  /** No usable answer: the request may or may not have been processed. */
  | { kind: 'failure'; error: StationError }
  /** `beforeSend` said no: not one byte of the request was written. */
  | { kind: 'not-sent' };

/** One POST to the gateway. */
export interface GatewayPost {
  url: string;
  /** The gateway base URL, named in connection errors (never the token). */
  baseUrl: string;
  token: string;
  body: GatewayRequestBody;
  timeoutMs: number;
  /** The caller's cancellation; when it fires the outcome is `cancelled`. */
  signal?: AbortSignal | undefined;
  /** Largest answer body read (default gatewayAnswerLimitBytes); a larger one is a failure. */
  maxBodyBytes?: number;
  /**
   * Asked once the connection is open, right before the first byte is written: false leaves the
   * request unsent (outcome `not-sent`). The call window's slot check sits here, at the wire, so
   * no pause between the check and the write can make a call arrive later than its slot allows.
   */
  beforeSend?: () => boolean;
  /** Told once the whole request was handed to the connection: the call has left. */
  onWritten?: () => void;
}

/** The largest gateway answer the station reads: 20 MB (a full page of 100 orders is well under 1 MB). */
export const gatewayAnswerLimitBytes = 20 * 1024 * 1024;

const droppedConnectionCodes = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/** The system error code of a network failure (on the error or in its causes), else the innermost message. */
function networkFailureReason(error: unknown): { code: string; message: string } {
  let current: unknown = error;
  let message = '';
  for (let depth = 0; depth < 4 && current !== null && typeof current === 'object'; depth += 1) {
    const { code, message: text, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string') return { code, message: typeof text === 'string' ? text : '' };
    if (typeof text === 'string' && text !== '') message = text;
    current = cause;
  }
  return { code: '', message };
}

function classifyThrown(error: unknown, post: GatewayPost, timedOut: boolean): StationError {
  if (post.signal?.aborted) return stationError('cancelled', {});
  if (timedOut) return stationError('transport.timeout', { timeoutMs: post.timeoutMs });
  const { code, message } = networkFailureReason(error);
  if (code === 'ECONNREFUSED') return stationError('transport.refused', { baseUrl: post.baseUrl });
  if (droppedConnectionCodes.has(code)) return stationError('transport.reset', {});
  return stationError('transport.failed', { reason: code || message || 'unknown' });
}

/** Where a redirect pointed, for the error: its origin (never its path or query), or why it cannot be named. */
function redirectTarget(location: string, requestUrl: string): string {
  return URL.canParse(location, requestUrl) ? new URL(location, requestUrl).origin : '(an unreadable address)';
}

/** Reads an envelope out of a parsed body: an object whose `code` is an integer (or integer text). */
function readEnvelope(body: unknown): GatewayEnvelope | null {
  const record = asRecord(body);
  if (!record) return null;
  const code = readInteger(record.code);
  if (code === null) return null;
  return { code, msg: readText(record.msg ?? record.message), data: record.data ?? null };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The request's bytes and content type; form fields as multipart/form-data, encoded by the platform's own FormData. */
async function encodeBody(body: GatewayRequestBody): Promise<{ payload: Buffer; contentType: string }> {
  if (body.kind === 'json') return { payload: Buffer.from(JSON.stringify(body.value)), contentType: 'application/json' };
  const form = new FormData();
  for (const [name, value] of Object.entries(body.fields)) form.append(name, value);
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type') ?? 'multipart/form-data' };
}

/** Keep-alive connections to the gateway, shared by every client of this process. */
const agents = { 'http:': new HttpAgent({ keepAlive: true }), 'https:': new HttpsAgent({ keepAlive: true }) } as const;

/** What came back over the wire, before it is read as an envelope. */
type RawAnswer = { kind: 'raw'; httpStatus: number; location: string | null; text: string | null } | { kind: 'not-sent' };

/**
 * The HTTP exchange itself: waits for an open connection, asks `beforeSend`, writes the whole
 * request at once, and reads the answer up to `maxBodyBytes` (null past it: a larger
 * Content-Length is refused before reading, and the connection is dropped). Throws network
 * errors as Node raises them; `abort` (timeout or cancellation) destroys the exchange.
 */
function exchangeOverHttp(post: GatewayPost, headers: Record<string, string>, payload: Buffer, maxBodyBytes: number, abort: AbortSignal): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const url = new URL(post.url);
    const agent = url.protocol === 'https:' ? agents['https:'] : agents['http:'];
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, { method: 'POST', agent, headers: { ...headers, 'content-length': String(payload.byteLength) } });
    const onAbort = () => request.destroy(abort.reason instanceof Error ? abort.reason : new Error('aborted'));
    if (abort.aborted) onAbort();
    else abort.addEventListener('abort', onAbort, { once: true });
    // Settled first, then anything destroyed: destroying emits events that would settle it otherwise.
    const settle = <T>(finish: (value: T) => void, value: T) => {
      abort.removeEventListener('abort', onAbort);
      finish(value);
    };
    request.on('error', (error) => settle(reject, error));
    request.on('socket', (socket) => {
      const write = () => {
        if (post.beforeSend && !post.beforeSend()) {
          // Nothing was written: the socket is given up, the request never existed for the gateway.
          settle(resolve, { kind: 'not-sent' } as RawAnswer);
          request.destroy();
          return;
        }
        request.end(payload);
        post.onWritten?.();
      };
      if (!socket.connecting) write();
      else socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', write);
    });
    request.on('response', (response) => {
      const httpStatus = response.statusCode ?? 0;
      const location = typeof response.headers.location === 'string' ? response.headers.location : null;
      if (Number(response.headers['content-length'] ?? NaN) > maxBodyBytes) {
        settle(resolve, { kind: 'raw', httpStatus, location, text: null } as RawAnswer);
        response.destroy();
        return;
      }
      const chunks: Buffer[] = [];
      let length = 0;
      response.on('data', (chunk: Buffer) => {
        length += chunk.byteLength;
        if (length > maxBodyBytes) {
          settle(resolve, { kind: 'raw', httpStatus, location, text: null } as RawAnswer);
          response.destroy();
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () => settle(resolve, { kind: 'raw', httpStatus, location, text: Buffer.concat(chunks, length).toString('utf8') } as RawAnswer));
      response.on('error', (error) => settle(reject, error));
      response.on('aborted', () => settle(reject, Object.assign(new Error('the answer was cut off'), { code: 'ECONNRESET' })));
    });
  });
}

/**
 * One POST with the bearer token and a timeout, classified: an envelope, "path not found", or a
 * typed failure (timeout, refused, dropped, unparsable, larger than the answer limit, HTTP 5xx,
 * redirected, cancelled). Never throws, never follows a redirect and never puts the token into
 * what it returns.
 */
export async function postToGateway(post: GatewayPost): Promise<TransportOutcome> {
  const timeout = AbortSignal.timeout(post.timeoutMs);
  const abort = post.signal ? AbortSignal.any([post.signal, timeout]) : timeout;
  const { payload, contentType } = await encodeBody(post.body);
  const headers: Record<string, string> = { authorization: `Bearer ${post.token}`, accept: 'application/json', 'content-type': contentType };

  const maxBodyBytes = post.maxBodyBytes ?? gatewayAnswerLimitBytes;
  let answer: RawAnswer;
  try {
    // Redirects are never followed (node:http does not): the bearer token goes to the configured
    // gateway only, and a POST is never turned into a GET or sent again somewhere else.
    answer = await exchangeOverHttp(post, headers, payload, maxBodyBytes, abort);
  } catch (error) {
    return { kind: 'failure', error: classifyThrown(error, post, timeout.aborted) };
  }
  if (answer.kind === 'not-sent') return answer;
  const { httpStatus, location, text } = answer;
  // Too large to be an answer: for an issue call its outcome is unknown (the client looks it up).
  if (text === null) return { kind: 'failure', error: stationError('transport.answer-too-large', { httpStatus, limitBytes: maxBodyBytes }) };

  // An HTTP redirect of the call (any 3xx naming a Location) is an error of its own, told apart
  // from the gateway's business 302 "shop not authorized", which comes as an envelope.
  if (httpStatus >= 300 && httpStatus < 400 && location !== null) {
    const envelope = readEnvelope(parseJson(text));
    if (envelope?.code !== GATEWAY_CODES.shopNotAuthorized) {
      return { kind: 'failure', error: stationError('gateway.redirected', { baseUrl: post.baseUrl, httpStatus, location: redirectTarget(location, post.url) }) };
    }
  }

  if (httpStatus === 404) return { kind: 'path-not-found', httpStatus };
  if (httpStatus >= 500) return { kind: 'failure', error: stationError('transport.server-error', { httpStatus }) };
  const envelope = readEnvelope(parseJson(text));
  if (!envelope) {
    const code = httpStatus >= 200 && httpStatus < 300 ? 'transport.unparsable' : 'transport.http-status';
    return { kind: 'failure', error: stationError(code, { httpStatus }) };
  }
  if (envelope.code === 404) return { kind: 'path-not-found', httpStatus };
  return { kind: 'answer', httpStatus, envelope };
}
