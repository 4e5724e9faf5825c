import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const projectRoot = resolve(import.meta.dirname, '..');

/** Runs the step in check-only mode (it installs and starts nothing) and answers how it ended. */
async function check(env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; stderr: string }> {
  const child = spawn('bash', ['scripts/prepare-test-machine.sh', '--check'], { cwd: projectRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((settle) => child.once('close', settle));
  return { code, stderr };
}

describe('the machine set-up step of npm test', () => {
  it('runs before npm test, and CI leaves the system to it: CI only installs the npm packages and runs npm test', () => {
    const manifest = JSON.parse(readFileSync(resolve(projectRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(manifest.scripts['pretest']).toBe('bash scripts/prepare-test-machine.sh');
    const ci = readFileSync(resolve(projectRoot, '.ci/run'), 'utf8');
    const commands = ci.split('\n').filter((line) => line.trim() !== '' && !line.trim().startsWith('#'));
    expect(commands.filter((line) => /\bnpm\b/.test(line))).toEqual(['npm ci --no-audit --no-fund', 'npm test || status=$?']);
    expect(ci).not.toMatch(/apt-get|dpkg|cups-setup/);
  });

  it('says nothing and succeeds where everything the tests need is there', async () => {
    expect(await check()).toEqual({ code: 0, stderr: '' });
  });

  it('names what is missing and the one command that installs it', async () => {
    const { code, stderr } = await check({ CHROMIUM_PATH: '/nowhere/chromium' });
    expect(code).toBe(1);
    expect(stderr.trimEnd().split('\n')).toEqual([
      "prepare-test-machine: npm test needs Chromium (the benchmarks in a browser, or CHROMIUM_PATH); Chromium's headless shell (the chromium-host e2e project, or CHROMIUM_PATH).",
      'prepare-test-machine: install them with: sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium chromium-headless-shell',
    ]);
  });

  it('names a print queue that is not set up and the one command that sets it up', async () => {
    const { code, stderr } = await check({ CUPS_PDF_QUEUE: 'NoSuchQueue' });
    expect(code).toBe(1);
    expect(stderr.trimEnd().split('\n')).toEqual([
      'prepare-test-machine: the CUPS scheduler with the cups-pdf queue NoSuchQueue is not ready: set it up with: sudo env CUPS_PDF_QUEUE=NoSuchQueue bash .ci/cups-setup.sh',
    ]);
  });
});
