/**
 * Typed reading of request fields. A field of the wrong JSON type is a parameter error (code
 * 100); an absent or empty one is reported as undefined so that each endpoint decides what that
 * means (code 100 for most, a 614 "required field empty" on the issue endpoint).
 */

/** Thrown for a field of the wrong type or value: answered with code 100 and the field's path. */
export class ParameterError extends Error {
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${field}${problem}`);
  }
}

/** A JSON object as a record (anything else is not an object). */
export type JsonObject = Record<string, unknown>;

/** Whether a value is a JSON object (not null, not an array). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string field; undefined when absent, null or blank. */
export function optionalString(object: JsonObject, key: string, path: string): string | undefined {
  const value = object[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new ParameterError(path, '应为字符串');
  return value.trim() === '' ? undefined : value;
}

/** A number field; undefined when absent or null. */
export function optionalNumber(object: JsonObject, key: string, path: string): number | undefined {
  const value = object[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new ParameterError(path, '应为数字');
  return value;
}

/** A boolean field; undefined when absent or null. */
export function optionalBoolean(object: JsonObject, key: string, path: string): boolean | undefined {
  const value = object[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw new ParameterError(path, '应为布尔值');
  return value;
}

/** An object field; undefined when absent or null. */
export function optionalObject(object: JsonObject, key: string, path: string): JsonObject | undefined {
  const value = object[key];
  if (value === undefined || value === null) return undefined;
  if (!isJsonObject(value)) throw new ParameterError(path, '应为对象');
  return value;
}

/** An array field; undefined when absent, null or empty. */
export function optionalArray(object: JsonObject, key: string, path: string): unknown[] | undefined {
  const value = object[key];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw new ParameterError(path, '应为数组');
  return value.length === 0 ? undefined : value;
}

/**
 * An integer parameter sent as a number (JSON) or a numeric string (form); undefined when absent
 * or blank. Anything else is a parameter error.
 */
export function optionalInteger(object: JsonObject, key: string, path: string): number | undefined {
  const value = object[key];
  if (value === undefined || value === null || value === '') return undefined;
  const number = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number)) throw new ParameterError(path, '应为整数');
  return number;
}
