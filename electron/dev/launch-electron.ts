import { spawn, spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { electronPackageDir, installedElectronBinary } from './electron-binary';

/**
 * `npm start`: launches the built app in Electron (demo mode unless settings say otherwise).
 * Where the Electron runtime cannot be had (no binary, and no way to download one), it says so
 * in one paragraph and points at the browser host instead of failing with a stack trace.
 */
const repoRoot = resolve(import.meta.dirname, '../..');

/** The installed binary, downloading it once (quietly) if the package has none yet. */
function electronBinary(): { path: string } | { failure: string } {
  const already = installedElectronBinary();
  if ('path' in already) return already;
  const download = spawnSync(process.execPath, [join(electronPackageDir(), 'install.js')], { encoding: 'utf8' });
  const afterDownload = installedElectronBinary();
  if ('path' in afterDownload) return afterDownload;
  const reason = `${download.stderr}${download.stdout}`.split('\n').find((line) => /error/i.test(line));
  return { failure: reason?.trim() ?? `the download exited with ${download.status}` };
}

const binary = electronBinary();
if ('failure' in binary) {
  console.error(
    [
      '',
      `Electron could not be started (${binary.failure}).`,
      'The Electron runtime is not available on this machine: its binary is not installed and could',
      'not be downloaded (an offline machine, or one whose network blocks the download). The app is',
      'built, and everything but the thin Electron window runs without it: start the browser host',
      'with "npm run web" and open the address it prints — the same UI and the same services, in',
      'demo mode. To get Electron itself, run "npx install-electron" on a machine with internet.',
      '',
    ].join('\n'),
  );
  process.exit(1);
}

const child = spawn(binary.path, [repoRoot], { stdio: 'inherit', env: { ...process.env, STATION_DEMO: process.env.STATION_DEMO ?? '1' } });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
