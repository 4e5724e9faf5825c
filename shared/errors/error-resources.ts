import { errorCatalog } from './error-catalog';
import type { ErrorCode, ErrorLanguage, ErrorTexts } from './error-catalog';

/** The i18next namespace the error texts are loaded under. */
export const errorNamespace = 'errors';

/** Nested resource tree as i18next reads it: each dot of a code is one level. */
export interface ErrorResourceTree {
  [segment: string]: ErrorResourceTree | string;
}

/**
 * The catalog in one language as an i18next resource tree for the `errors` namespace: the code
 * `gateway.no-quota` becomes `{ gateway: { 'no-quota': { text, remedy } } }`, so the renderer
 * looks texts up with `t(errorTextKey(code), params)`.
 */
export function buildErrorResources(language: ErrorLanguage): ErrorResourceTree {
  const tree: ErrorResourceTree = {};
  for (const [code, entry] of Object.entries(errorCatalog)) {
    const segments = code.split('.');
    let node = tree;
    for (const segment of segments) {
      const child = node[segment] ?? {};
      if (typeof child === 'string') throw new Error(`error code ${code} collides with a text key`);
      node[segment] = child;
      node = child;
    }
    const texts: ErrorTexts = entry[language];
    node.text = texts.text;
    node.remedy = texts.remedy;
  }
  return tree;
}

/** The i18next key (namespace included) of an error's text. */
export function errorTextKey(code: ErrorCode): string {
  return `${errorNamespace}:${code}.text`;
}

/** The i18next key (namespace included) of an error's remedy. */
export function errorRemedyKey(code: ErrorCode): string {
  return `${errorNamespace}:${code}.remedy`;
}
