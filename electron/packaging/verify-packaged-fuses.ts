import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot, readElectronBuilderConfig } from './electron-builder-config';
import { checkPackagedFuses, packagedApps } from './packaged-fuses';

/**
 * `npm run verify:fuses`, after `electron-builder`: reads the fuse wire of every packaged app in
 * the output folder and fails unless each carries the required fuses. Playwright cannot drive
 * these binaries (the inspect fuse is off), so this is how a release proves its hardening.
 */
const config = await readElectronBuilderConfig();
const manifest = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { name: string; productName: string };
const apps = packagedApps(join(projectRoot, config.directories?.output ?? 'dist'), { productName: manifest.productName, executableName: manifest.name });
if (apps.length === 0) {
  console.error('No packaged app found: run electron-builder first.');
  process.exit(2);
}
let failed = false;
for (const app of apps) {
  const problems = await checkPackagedFuses(app);
  console.log(problems.length === 0 ? `fuses as required: ${app}` : `fuses NOT as required: ${app}\n  ${problems.join('\n  ')}`);
  failed ||= problems.length > 0;
}
process.exit(failed ? 1 : 0);
