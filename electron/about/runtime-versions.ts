import { arch, platform, release, type } from 'node:os';
import type { AboutInfo } from '../../shared/ipc/ipc-contract';

/** The runtimes the station runs on: what support asks first. */
export type RuntimeVersions = AboutInfo['runtime'];

/** Reads the versions of the running process and operating system. */
export function readRuntimeVersions(): RuntimeVersions {
  const versions: Partial<Record<string, string>> = process.versions;
  return {
    electron: versions.electron ?? null,
    chrome: versions.chrome ?? null,
    node: process.versions.node,
    v8: process.versions.v8,
    os: { platform: platform(), type: type(), release: release(), arch: arch() },
  };
}
