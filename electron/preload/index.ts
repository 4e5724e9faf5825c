import { contextBridge } from 'electron';

/**
 * The preload's only job: expose the narrow `window.station` API to the isolated page.
 * It grows with the typed IPC contract in `shared/`; there is never a generic invoke.
 */
contextBridge.exposeInMainWorld('station', { shell: 'electron' });
