import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewedFindings, skippedChecks, unparsableFiles } from './security-review';
import { judgeScan, scanBuiltApp, type ScanFinding } from './security-scan';

const review = { reviewedFindings, skippedChecks, unparsableFiles };

function finding(check: string, file: string, severity: string): ScanFinding {
  return { check, file, line: 1, column: 0, severity, confidence: 'CERTAIN', description: check };
}

describe('judging a scan by the review', () => {
  it('fails on an unreviewed high finding, lists unreviewed lower ones, accepts reviewed ones', () => {
    const verdict = judgeScan(
      {
        findings: [
          // The shell's chunk carries a content hash: the review names it by pattern.
          finding('OPEN_EXTERNAL_JS_CHECK', 'main/desktop-shell-CMaJcusx.js', 'MEDIUM'),
          finding('NODE_INTEGRATION_JS_CHECK', 'main/index.js', 'HIGH'),
          finding('HTTP_RESOURCES_JS_CHECK', 'main/index.js', 'LOW'),
          // Reviewed for the shell's chunk only: the same check in another file is new.
          finding('OPEN_EXTERNAL_JS_CHECK', 'preload/index.cjs', 'MEDIUM'),
        ],
        unread: [],
      },
      review,
    );
    expect(verdict.passed).toBe(false);
    expect(verdict.failures.map((entry) => entry.check)).toEqual(['NODE_INTEGRATION_JS_CHECK']);
    expect(verdict.toReview.map((entry) => `${entry.check} ${entry.file}`)).toEqual(['HTTP_RESOURCES_JS_CHECK main/index.js', 'OPEN_EXTERNAL_JS_CHECK preload/index.cjs']);
    expect(verdict.accepted.map((entry) => entry.finding.check)).toEqual(['OPEN_EXTERNAL_JS_CHECK']);
    expect(verdict.accepted[0]?.why).toMatch(/confirmed/);
  });

  it('fails when a built file could not be scanned, unless the review explains that file', () => {
    const unread = [
      { file: 'renderer/assets/index-DH0FUWnQ.js', message: 'Unknown node type ClassPrivateProperty.' },
      { file: 'main/index.js', message: 'Unexpected token' },
    ];
    const verdict = judgeScan({ findings: [], unread }, review);
    expect(verdict.passed).toBe(false);
    expect(verdict.unreadFiles).toEqual([{ file: 'main/index.js', message: 'Unexpected token' }]);
    expect(verdict.unreadButReviewed.map((entry) => entry.file)).toEqual(['renderer/assets/index-DH0FUWnQ.js']);
    expect(judgeScan({ findings: [], unread: unread.slice(0, 1) }, review).passed).toBe(true);
  });

  it('gives every review entry a reason', () => {
    for (const entry of [...reviewedFindings, ...skippedChecks, ...unparsableFiles]) expect(entry.why.length, JSON.stringify(entry)).toBeGreaterThan(40);
  });
});

describe('electronegativity on a built app', () => {
  let builtDir: string;
  beforeAll(async () => {
    builtDir = await mkdtemp(join(tmpdir(), 'station-insecure-build-'));
    mkdirSync(join(builtDir, 'main'));
    mkdirSync(join(builtDir, 'preload'));
    // The mistakes the scan exists to catch, in main and in a CommonJS preload.
    writeFileSync(
      join(builtDir, 'main', 'index.js'),
      `import { BrowserWindow } from 'electron';\nexport const window = new BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false, webSecurity: false } });\n`,
    );
    writeFileSync(join(builtDir, 'preload', 'index.cjs'), `const { BrowserWindow } = require('electron');\nnew BrowserWindow({ webPreferences: { nodeIntegration: true } });\n`);
  });
  afterAll(async () => {
    await rm(builtDir, { recursive: true, force: true });
  });

  it('reports high-severity findings in main and in the .cjs preload, and the review fails them', async () => {
    const scan = await scanBuiltApp({ builtDir, electronVersion: '45.4.1', review });
    const high = scan.findings.filter((entry) => entry.severity === 'HIGH');
    expect(high.map((entry) => `${entry.check} ${entry.file}`)).toEqual(
      expect.arrayContaining(['CONTEXT_ISOLATION_JS_CHECK main/index.js', 'CONTEXT_ISOLATION_JS_CHECK preload/index.cjs', 'LIMIT_NAVIGATION_GLOBAL_CHECK N/A']),
    );
    expect(scan.unread).toEqual([]);
    const verdict = judgeScan(scan, review);
    expect(verdict.passed).toBe(false);
    expect(verdict.failures.map((entry) => entry.file)).toEqual(expect.arrayContaining(['main/index.js', 'preload/index.cjs']));
  });
});
