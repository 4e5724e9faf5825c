import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { reviewedFindings, skippedChecks, unparsableFiles } from './security-review';
import { judgeScan, scanBuiltApp, type ScanFinding } from './security-scan';

/**
 * `npm run security`: the Electron security scan of the built app (`out/`, from `npm run build`)
 * against the review in security-review.ts. Fails on any unreviewed high-severity finding and on
 * any built file the scanner could not read without a reviewed reason.
 */
const projectRoot = resolve(import.meta.dirname, '../..');
const builtDir = resolve(projectRoot, 'out');
if (!existsSync(resolve(builtDir, 'main', 'index.js'))) {
  console.error(`The app is not built (${builtDir} has no main/index.js): run "npm run build" first.`);
  process.exit(2);
}
const electronPackage = createRequire(import.meta.url).resolve('electron/package.json');
const electronVersion = (JSON.parse(readFileSync(electronPackage, 'utf8')) as { version: string }).version;
const review = { reviewedFindings, skippedChecks, unparsableFiles };

const verdict = judgeScan(await scanBuiltApp({ builtDir, electronVersion, review }), review);

const line = (finding: ScanFinding) => `${finding.severity.padEnd(13)} ${finding.check} ${finding.file}:${finding.line}:${finding.column} ${finding.description}`;
console.log(`\nElectron security scan of out/ (Electron ${electronVersion})`);
for (const { finding, why } of verdict.accepted) console.log(`  reviewed  ${line(finding)}\n            ${why}`);
for (const { file, why } of verdict.unreadButReviewed) console.log(`  unread    ${file} (reviewed)\n            ${why}`);
for (const finding of verdict.toReview) console.log(`  REVIEW    ${line(finding)}`);
for (const finding of verdict.failures) console.log(`  FAIL      ${line(finding)}`);
for (const { file, message } of verdict.unreadFiles) console.log(`  FAIL      could not scan ${file}: ${message}`);
console.log(verdict.passed ? '\nNo unreviewed high-severity finding.' : '\nThe security scan failed: fix the findings above, or review them in electron/security/security-review.ts.');
process.exit(verdict.passed ? 0 : 1);
