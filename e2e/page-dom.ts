import type { StationApi } from '../shared/ipc/ipc-contract';

/** A CSP violation as a page reports it in a `securitypolicyviolation` event. */
export interface CspViolationEvent {
  effectiveDirective: string;
  blockedURI: string;
  sourceFile: string;
  lineNumber: number;
  columnNumber: number;
}

/** An element as the specs create it in the page. */
interface PageElement {
  textContent: string | null;
  src: string;
  setAttribute(name: string, value: string): void;
}

/**
 * The few page globals the specs touch inside `page.evaluate` (which runs in the browser): the
 * specs are compiled with the Node project, which has no DOM types. Use as
 * `globalThis as unknown as PageGlobals` inside the evaluated function.
 */
export interface PageGlobals {
  document: {
    title: string;
    documentElement: { scrollHeight: number };
    body: { append(element: PageElement): void };
    createElement(tag: string): PageElement;
    addEventListener(type: 'securitypolicyviolation', listener: (event: CspViolationEvent) => void): void;
    addEventListener(type: 'input', listener: () => void, options: { capture: boolean; once: boolean }): void;
  };
  performance: { now(): number };
  setTimeout(callback: () => void, ms: number): unknown;
  getComputedStyle(element: unknown): { fontFamily: string };
  /** The preload's bridge (Electron only). */
  station?: StationApi;
  /** Filled by the CSP spec's init script with the page's violations. */
  cspViolations?: { directive: string; blocked: string; source: string }[];
  /** Set by injected script if it ever ran. */
  injectedScriptRan?: boolean;
}
