import { errorCatalog } from './error-catalog';
import type { ErrorCode, ErrorLanguage } from './error-catalog';

export type { ErrorCode, ErrorLanguage } from './error-catalog';

/** A parameter value of an error: what the {{param}} placeholders of its texts are filled with. */
export type ErrorParamValue = string | number;

/**
 * An error as a typed value: a stable code from the catalog, the parameters its texts use, and
 * whether an unchanged retry may succeed. Renderers localize it by code and params; logs use
 * the English text. Never carries the access token.
 */
export interface StationError {
  code: ErrorCode;
  params: Record<string, ErrorParamValue>;
  retryable: boolean;
}

/** The {{param}} names used in a template string, computed at type level. */
type PlaceholdersOf<S extends string> = S extends `${string}{{${infer Name}}}${infer Rest}`
  ? Name | PlaceholdersOf<Rest>
  : never;

type TemplatesOf<C extends ErrorCode> =
  | (typeof errorCatalog)[C]['en']['text']
  | (typeof errorCatalog)[C]['en']['remedy'];

/** The parameters an error code needs (every placeholder of its English texts), plus any extra. */
export type ErrorParams<C extends ErrorCode> = Record<PlaceholdersOf<TemplatesOf<C>>, ErrorParamValue> &
  Record<string, ErrorParamValue>;

/** Builds a StationError; `retryable` comes from the catalog so it can never disagree with it. */
export function stationError<C extends ErrorCode>(code: C, params: ErrorParams<C>): StationError {
  return { code, params: { ...params }, retryable: errorCatalog[code].retryable };
}

/** Matches one i18next-style placeholder; the same syntax the renderer's i18next interpolates. */
export const placeholderPattern = /\{\{\s*([\w.]+)\s*\}\}/g;

/** Fills {{param}} placeholders; a missing parameter stays visible as its placeholder. */
export function fillTemplate(template: string, params: Record<string, ErrorParamValue>): string {
  return template.replace(placeholderPattern, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** The text and remedy of an error in one language (English also serves the logs). */
export function describeError(error: StationError, language: ErrorLanguage = 'en'): { text: string; remedy: string } {
  const texts = errorCatalog[error.code][language];
  return { text: fillTemplate(texts.text, error.params), remedy: fillTemplate(texts.remedy, error.params) };
}
