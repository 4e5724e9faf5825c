import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GatewayBodyKind } from '../../../shared/gateway/endpoints';
import { isJsonObject, type JsonObject } from './request-fields';

/**
 * Request bodies: JSON for the JSON endpoints; multipart/form-data or
 * application/x-www-form-urlencoded for the form endpoints (decisions.md). A body that cannot be
 * parsed, or of the wrong kind for the endpoint, is answered with code 100.
 */

/** Registers the form parsers (fastify parses JSON itself). */
export async function registerBodyParsers(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { attachFieldsToBody: 'keyValues', limits: { fileSize: 1024 * 1024, files: 5 } });
  await app.register(formbody);
}

/** The kind of body a request carries, by its Content-Type: none when it has none. */
function bodyKindOf(contentType: string | undefined): GatewayBodyKind | 'none' | 'other' {
  if (contentType === undefined || contentType.trim() === '') return 'none';
  const type = contentType.split(';')[0]?.trim().toLowerCase();
  if (type === 'application/json') return 'json';
  if (type === 'multipart/form-data' || type === 'application/x-www-form-urlencoded') return 'form';
  return 'other';
}

/** Form values as strings: the first of repeated fields; uploaded files read as UTF-8 text. */
function formFields(body: unknown): JsonObject {
  const fields: JsonObject = {};
  if (!isJsonObject(body)) return fields;
  for (const [key, value] of Object.entries(body)) {
    const first: unknown = Array.isArray(value) ? value[0] : value;
    fields[key] = Buffer.isBuffer(first) ? first.toString('utf8') : typeof first === 'string' ? first : String(first);
  }
  return fields;
}

/**
 * The request's body as an object for an endpoint expecting `expected`, or the problem to answer
 * with code 100.
 */
export function readBody(request: FastifyRequest, expected: GatewayBodyKind): { body: JsonObject } | { problem: string } {
  const kind = bodyKindOf(request.headers['content-type']);
  if (kind === 'none') return { body: {} };
  if (kind !== expected) {
    return { problem: expected === 'json' ? 'Content-Type应为application/json' : 'Content-Type应为multipart/form-data或application/x-www-form-urlencoded' };
  }
  if (expected === 'form') return { body: formFields(request.body) };
  if (!isJsonObject(request.body)) return { problem: '请求体应为JSON对象' };
  return { body: request.body };
}
