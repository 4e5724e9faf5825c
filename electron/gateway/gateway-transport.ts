import type { StationError } from '../../shared/errors/station-error';
import { stationError } from '../../shared/errors/station-error';
import { GATEWAY_CODES } from '../../shared/gateway/envelope-codes';
import { readBodyWithin } from '../http/read-body-within';
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
  | { kind: 'failure'; error: StationError };

/** The fetch function the transport uses (global fetch, or a test's own). */
export type FetchFunction = typeof fetch;

/** One POST to the gateway. */
export interface GatewayPost {
  fetch: FetchFunction;
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
}

/** The largest gateway answer the station reads: 20 MB (a full page of 100 orders is well under 1 MB). */
export const gatewayAnswerLimitBytes = 20 * 1024 * 1024;

const droppedConnectionCodes = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

/** The system error code buried in a fetch failure (`TypeError: fetch failed` → cause → code), else the innermost message. */
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

function classifyThrown(error: unknown, post: GatewayPost, timeout: AbortSignal): StationError {
  if (post.signal?.aborted) return stationError('cancelled', {});
  if (timeout.aborted) return stationError('transport.timeout', { timeoutMs: post.timeoutMs });
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

function encodeBody(body: GatewayRequestBody): { payload: string | FormData; contentType: string | null } {
  if (body.kind === 'json') return { payload: JSON.stringify(body.value), contentType: 'application/json' };
  const form = new FormData();
  for (const [name, value] of Object.entries(body.fields)) form.append(name, value);
  // fetch sets multipart/form-data with its boundary itself.
  return { payload: form, contentType: null };
}

/**
 * One POST with the bearer token and a timeout, classified: an envelope, "path not found", or a
 * typed failure (timeout, refused, dropped, unparsable, larger than the answer limit, HTTP 5xx,
 * redirected, cancelled). Never throws, never follows a redirect and never puts the token into
 * what it returns.
 */
export async function postToGateway(post: GatewayPost): Promise<TransportOutcome> {
  const timeout = AbortSignal.timeout(post.timeoutMs);
  const signal = post.signal ? AbortSignal.any([post.signal, timeout]) : timeout;
  const { payload, contentType } = encodeBody(post.body);
  const headers: Record<string, string> = { authorization: `Bearer ${post.token}`, accept: 'application/json' };
  if (contentType) headers['content-type'] = contentType;

  const maxBodyBytes = post.maxBodyBytes ?? gatewayAnswerLimitBytes;
  let httpStatus: number;
  let location: string | null;
  let text: string | null;
  try {
    // Redirects are never followed: the bearer token goes to the configured gateway only, and a
    // POST is never turned into a GET or sent again somewhere else.
    const response = await post.fetch(post.url, { method: 'POST', headers, body: payload, signal, redirect: 'manual' });
    httpStatus = response.status;
    location = response.headers.get('location');
    text = (await readBodyWithin(response, maxBodyBytes))?.toString('utf8') ?? null;
  } catch (error) {
    return { kind: 'failure', error: classifyThrown(error, post, timeout) };
  }
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
