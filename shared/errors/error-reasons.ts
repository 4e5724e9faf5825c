import { errorCatalog, type ErrorCode, type ErrorLanguage } from './error-catalog';

/** An ellipsis where a text names the case's details. */
const DETAIL = '…';

const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(errorCatalog, code);

/**
 * Params standing for every placeholder of a code's texts with an ellipsis: a failure reason is
 * named by its code alone where failures are summed (the statistics), without one case's details.
 */
export function reasonParams(code: string): Record<string, string> {
  if (!isErrorCode(code)) return {};
  const names = [...errorCatalog[code].en.text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] as string);
  return Object.fromEntries(names.map((name) => [name, DETAIL]));
}

/** A failure reason in words (its catalog text, details left out); an unknown code as it is. */
export function reasonText(code: string, language: ErrorLanguage): string {
  if (!isErrorCode(code)) return code;
  const params = reasonParams(code);
  return errorCatalog[code][language].text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? DETAIL);
}
