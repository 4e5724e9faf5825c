import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: resolve(import.meta.dirname, '../..') });

async function ruleIdsFor(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(import.meta.dirname, '../..', filePath) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('lint boundaries', () => {
  it('forbids importing electron outside the thin glue', async () => {
    const code = "import { app } from 'electron';\nexport const name = app.getName();\n";
    expect(await ruleIdsFor(code, 'electron/gateway/example.ts')).toContain('no-restricted-imports');
    expect(await ruleIdsFor(code, 'renderer/src/example.ts')).toContain('no-restricted-imports');
    expect(await ruleIdsFor(code, 'electron/main/example.ts')).not.toContain('no-restricted-imports');
  });

  it('forbids raw ipcMain and ipcRenderer outside the IPC wrappers', async () => {
    const main = "import { ipcMain } from 'electron';\nipcMain.handle('x', () => 1);\n";
    const preload = "import { ipcRenderer } from 'electron';\nexport const call = () => ipcRenderer.invoke('x');\n";
    expect(await ruleIdsFor(main, 'electron/main/some-feature.ts')).toContain('no-restricted-syntax');
    expect(await ruleIdsFor(preload, 'electron/preload/helper.ts')).toContain('no-restricted-syntax');
    expect(await ruleIdsFor(main, 'electron/main/ipc-main-bridge.ts')).not.toContain('no-restricted-syntax');
    expect(await ruleIdsFor(preload, 'electron/preload/index.ts')).not.toContain('no-restricted-syntax');
  });

  it('builds IPC handlers only in the features\' *-ipc-handlers.ts files, joined only in the composition root', async () => {
    const feature = "import type { FeatureIpcHandlers } from '../ipc/feature-ipc-handlers';\nexport const ordersIpcHandlers = (): FeatureIpcHandlers<'orders'> => ({}) as never;\n";
    const joined = "import { joinIpcHandlers } from '../ipc/feature-ipc-handlers';\nexport const handlers = joinIpcHandlers();\n";
    expect(await ruleIdsFor(feature, 'electron/order-cache/orders-ipc-handlers.ts')).not.toContain('no-restricted-syntax');
    expect(await ruleIdsFor(feature, 'electron/order-cache/order-cache.ts')).toContain('no-restricted-syntax');
    expect(await ruleIdsFor(feature, 'electron/composition/create-station.ts')).toContain('no-restricted-syntax');
    expect(await ruleIdsFor(joined, 'electron/composition/create-station.ts')).not.toContain('no-restricted-syntax');
    expect(await ruleIdsFor(joined, 'electron/order-cache/orders-ipc-handlers.ts')).toContain('no-restricted-syntax');
    expect(await ruleIdsFor(joined, 'electron/host/station-host.ts')).toContain('no-restricted-syntax');
  });
});
