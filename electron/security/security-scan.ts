import { cpSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import type { ReviewedFinding, SkippedCheck, UnparsableFile } from './security-review';

/** Severity and confidence as electronegativity ranks them. */
export type ScanLevel = { value: number; name: string };

/** One finding of the scanner, with its file relative to the scanned folder. */
export interface ScanFinding {
  check: string;
  file: string;
  line: number;
  column: number;
  severity: string;
  confidence: string;
  description: string;
}

/** What the review makes of a scan. */
export interface SecurityVerdict {
  passed: boolean;
  /** Unreviewed findings of high severity: each fails the scan. */
  failures: ScanFinding[];
  /** Unreviewed findings below high severity: printed for review, not failing. */
  toReview: ScanFinding[];
  /** Findings covered by a reviewed entry. */
  accepted: { finding: ScanFinding; why: string }[];
  /** Files the scanner could not read that no review explains: each fails the scan. */
  unreadFiles: { file: string; message: string }[];
  /** Files the scanner could not read, with the review's reason. */
  unreadButReviewed: { file: string; why: string }[];
}

/** The review a scan is judged by (security-review.ts). */
export interface SecurityReview {
  reviewedFindings: readonly ReviewedFinding[];
  skippedChecks: readonly SkippedCheck[];
  unparsableFiles: readonly UnparsableFile[];
}

interface RawIssue {
  id: string;
  file: string;
  location?: { line?: number; column?: number };
  severity: ScanLevel;
  confidence: ScanLevel;
  description: string;
}
type RunElectronegativity = (
  options: {
    input: string;
    output: string | null;
    isSarif: boolean;
    customScan: string[];
    excludeFromScan: string[];
    isRelative: boolean;
    electronVersionOverride: string;
    parserPlugins: string[];
  },
  forCli: boolean,
) => Promise<{ errors: { file: string; message: string; tolerable: boolean }[]; issues: RawIssue[] }>;

/** The suffix a staged CommonJS file gets, so that the scanner (which reads .js, not .cjs) reads it. */
const stagedCjsSuffix = '.js';

const toSlashes = (path: string): string => path.split(sep).join('/');

/**
 * Copies the built app into a temp folder for the scanner, giving `.cjs` files (the sandboxed
 * preload) a `.js` name it reads; answers the folder and how to name a staged file as built.
 */
function stage(builtDir: string): { dir: string; builtName: (stagedFile: string) => string } {
  const dir = mkdtempSync(join(tmpdir(), 'station-security-scan-'));
  cpSync(builtDir, dir, { recursive: true });
  const renamed = new Set<string>();
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name.endsWith('.cjs')) {
        renameSync(path, path + stagedCjsSuffix);
        renamed.add(toSlashes(relative(dir, path)));
      }
    }
  };
  visit(dir);
  return {
    dir,
    builtName: (stagedFile) => {
      const name = toSlashes(stagedFile);
      const original = name.slice(0, -stagedCjsSuffix.length);
      return name.endsWith(stagedCjsSuffix) && renamed.has(original) ? original : name;
    },
  };
}

/**
 * Runs electronegativity (offline, every check but the skipped ones) over the built app folder
 * (`out/`: main, preload and renderer bundles and the page) for the given Electron version.
 */
export async function scanBuiltApp(options: { builtDir: string; electronVersion: string; review: SecurityReview }): Promise<{ findings: ScanFinding[]; unread: { file: string; message: string }[] }> {
  const run = createRequire(import.meta.url)('@doyensec/electronegativity') as RunElectronegativity;
  const staged = stage(options.builtDir);
  try {
    const result = await run(
      {
        input: staged.dir,
        output: null,
        isSarif: false,
        customScan: [],
        excludeFromScan: options.review.skippedChecks.map((skipped) => skipped.check),
        isRelative: true,
        electronVersionOverride: options.electronVersion,
        parserPlugins: [],
      },
      false,
    );
    const findings = result.issues.map((issue) => ({
      check: issue.id,
      file: issue.file === 'N/A' ? 'N/A' : staged.builtName(issue.file),
      line: issue.location?.line ?? 0,
      column: issue.location?.column ?? 0,
      severity: issue.severity.name,
      confidence: issue.confidence.name,
      description: issue.description,
    }));
    const unread = result.errors
      .filter((error) => !error.tolerable)
      .map((error) => ({ file: staged.builtName(relative(staged.dir, error.file)), message: error.message }));
    return { findings, unread };
  } finally {
    rmSync(staged.dir, { recursive: true, force: true });
  }
}

/**
 * Judges a scan by the review: an unreviewed high-severity finding fails, and so does a file
 * the scanner could not read unless the review says why its checks do not apply there.
 */
export function judgeScan(scan: { findings: ScanFinding[]; unread: { file: string; message: string }[] }, review: SecurityReview): SecurityVerdict {
  const verdict: SecurityVerdict = { passed: true, failures: [], toReview: [], accepted: [], unreadFiles: [], unreadButReviewed: [] };
  for (const finding of scan.findings) {
    const reviewed = review.reviewedFindings.find((entry) => entry.check === finding.check && (typeof entry.file === 'string' ? entry.file === finding.file : entry.file.test(finding.file)));
    if (reviewed) verdict.accepted.push({ finding, why: reviewed.why });
    else if (finding.severity === 'HIGH') verdict.failures.push(finding);
    else verdict.toReview.push(finding);
  }
  for (const unread of scan.unread) {
    const reviewed = review.unparsableFiles.find((entry) => entry.pattern.test(unread.file));
    if (reviewed) verdict.unreadButReviewed.push({ file: unread.file, why: reviewed.why });
    else verdict.unreadFiles.push(unread);
  }
  verdict.passed = verdict.failures.length === 0 && verdict.unreadFiles.length === 0;
  return verdict;
}
