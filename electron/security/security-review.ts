/**
 * The security scan's review: each finding electronegativity reports on the built app that was
 * looked at and accepted, with the reason. A finding listed here is still printed; only an
 * unreviewed high-severity finding fails `npm run security`. Keep every reason true: when the
 * code it describes changes, review the finding again.
 */

/** A finding that was reviewed: which check, in which built file, and why it is acceptable. */
export interface ReviewedFinding {
  check: string;
  /** The built file, relative to `out/` (`N/A` for global checks); a pattern for a chunk whose name carries a content hash. */
  file: string | RegExp;
  why: string;
}

/** A check that is not run, and why. */
export interface SkippedCheck {
  /** The check's class name, as electronegativity's `--exclude-checks` takes it. */
  check: string;
  why: string;
}

/** A built file the scanner cannot parse, and why the checks it would miss do not apply there. */
export interface UnparsableFile {
  /** Matched against the path relative to `out/`. */
  pattern: RegExp;
  why: string;
}

/** Findings reviewed and accepted. */
export const reviewedFindings: readonly ReviewedFinding[] = [
  {
    check: 'CSP_GLOBAL_CHECK',
    file: 'N/A',
    why: 'The CSP is sent as a response header with every page (renderer-assets.ts for app://, station-host.ts for the browser host), which a static scan of the files cannot see. e2e/csp.spec.ts checks in the browser that it is in force and blocks injected inline script.',
  },
  {
    check: 'AUXCLICK_JS_CHECK',
    file: /^main\/desktop-shell-[\w-]+\.js$/,
    why: 'Every new window of every web contents is denied (web-contents-guard.ts on web-contents-created; the main window\'s own handler in main-window.ts offers http(s) links to the system browser, then denies) and will-navigate, will-frame-navigate and will-redirect keep every page on app://station, so a middle-click cannot open or navigate anywhere.',
  },
  {
    check: 'PRELOAD_JS_CHECK',
    file: /^main\/desktop-shell-[\w-]+\.js$/,
    why: 'Reviewed: the single preload exposes one function per IPC contract channel and an event subscription for the contract events only; no ipcRenderer, no generic invoke, in a sandboxed, context-isolated window. Main answers only the main frame of the app window showing app://station (ipc-main-bridge.ts, web-contents-policy.ts): a subframe, another window or a navigated page is refused.',
  },
  {
    check: 'OPEN_EXTERNAL_JS_CHECK',
    file: /^main\/desktop-shell-[\w-]+\.js$/,
    why: 'openExternal is called only for http: and https: URLs, and only after the user confirmed the address in a dialog (main-window.ts). openPath and showItemInFolder only ever get the data folder and archives the app wrote itself.',
  },
];

/** Checks not run. */
export const skippedChecks: readonly SkippedCheck[] = [
  {
    check: 'AvailableSecurityFixesGlobalCheck',
    why: 'Downloads Electron\'s release list at every run; the scan must run offline and give the same answer every time. Electron upgrades follow the npm audit policy in README.md.',
  },
];

/** Built files the scanner cannot read. */
export const unparsableFiles: readonly UnparsableFile[] = [
  {
    // Any of the renderer's scripts: the first screen's and the chunks of screens loaded on demand, which change as code moves between them.
    pattern: /^renderer\/assets\/[\w-]+\.js$/,
    why: 'The renderer\'s scripts (the first screen\'s and the chunks loaded on demand) use class private fields, which the scanner\'s scope analyser (escope) does not know. The checks concern Electron APIs that this page cannot reach: it runs sandboxed and context-isolated with no Node, its only bridge is the preload (scanned), and its CSP (checked in e2e) forbids eval and foreign scripts.',
  },
];
