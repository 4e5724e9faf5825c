import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readElectronBuilderConfig } from './electron-builder-config';
import { checkPackagedFuses, fuseConfigFromBuilder, loadFuses, packagedApps, requiredFuses, type FuseName } from './packaged-fuses';

const sentinel = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** Electron's own defaults, fuse by fuse ('1' enabled, '0' disabled), as an unpackaged binary carries them. */
const electronDefaultWire = '10110001';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'station-fuses-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** A file laid out like an Electron binary around its fuse wire: sentinel, wire version 1, length, one byte per fuse. */
function fakeElectronBinary(name: string): string {
  const path = join(folder, name);
  writeFileSync(path, Buffer.concat([Buffer.from('\x7fELF...code...'), Buffer.from(sentinel), Buffer.from([1, electronDefaultWire.length]), Buffer.from(electronDefaultWire), Buffer.from('...more code')]));
  return path;
}

describe('Electron fuses', () => {
  it('electron-builder turns the configuration into the required fuse wire', async () => {
    const wire = await fuseConfigFromBuilder(await readElectronBuilderConfig());
    const { FuseV1Options } = loadFuses();
    for (const [name, wanted] of Object.entries(requiredFuses) as [FuseName, boolean][]) {
      expect(wire[FuseV1Options[name]], name).toBe(wanted);
    }
    expect(wire).toMatchObject({ version: '1', resetAdHocDarwinSignature: true });
  });

  it('a binary with Electron’s default fuses fails the check, naming each fuse', async () => {
    const problems = await checkPackagedFuses(fakeElectronBinary('default-electron'));
    expect(problems).toEqual([
      'RunAsNode should be disabled but is enabled',
      'EnableNodeOptionsEnvironmentVariable should be disabled but is enabled',
      'EnableNodeCliInspectArguments should be disabled but is enabled',
      'OnlyLoadAppFromAsar should be enabled but is disabled',
      'EnableEmbeddedAsarIntegrityValidation should be enabled but is disabled',
      'EnableCookieEncryption should be enabled but is disabled',
      'GrantFileProtocolExtraPrivileges should be disabled but is enabled',
    ]);
  });

  it('flipped as electron-builder flips them when packaging, the binary passes the check', async () => {
    const binary = fakeElectronBinary('packaged-electron');
    await loadFuses().flipFuses(binary, await fuseConfigFromBuilder(await readElectronBuilderConfig()));
    expect(await checkPackagedFuses(binary)).toEqual([]);
  });

  it('finds the packaged apps electron-builder leaves before making installers', () => {
    const release = join(folder, 'release');
    mkdirSync(join(release, 'win-unpacked'), { recursive: true });
    writeFileSync(join(release, 'win-unpacked', 'Waybill Print Station.exe'), '');
    mkdirSync(join(release, 'mac-arm64', 'Waybill Print Station.app'), { recursive: true });
    expect(packagedApps(release, { productName: 'Waybill Print Station', executableName: 'waybill-print-station' })).toEqual([
      join(release, 'win-unpacked', 'Waybill Print Station.exe'),
      join(release, 'mac-arm64', 'Waybill Print Station.app'),
    ]);
  });
});
