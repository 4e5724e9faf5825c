import type { StationInfo } from '../../shared/ipc/ipc-contract';
import { writeDiagnosticsArchive, type DiagnosticsSources } from '../diagnostics/diagnostics-archive';
import type { FeatureIpcHandlers } from '../ipc/feature-ipc-handlers';
import type { StationLogger } from '../logging/station-logger';
import { readRuntimeVersions } from './runtime-versions';

/** What only the desktop shell can do for the services (the browser host has none of it). */
export interface DesktopActions {
  /** Opens a folder in the file manager; false when the OS refused. */
  openFolder: (folder: string) => Promise<boolean>;
  /** Shows a file selected in its folder. */
  revealFile: (file: string) => void;
}

/** What the about and diagnostics channels work with. */
export interface AboutIpcDependencies {
  info: () => StationInfo;
  app: { productName: string; version: string; shell: StationInfo['shell'] };
  dataDir: string;
  logsDir: string;
  /** The desktop shell's file-manager actions; undefined in the browser host. */
  desktop: DesktopActions | undefined;
  /** What the diagnostics archive is read from besides the folders and the runtime. */
  diagnostics: Pick<DiagnosticsSources, 'journal' | 'settings' | 'secrets'>;
  logger: StationLogger;
}

/** What the station is and where it keeps its data, the About box, and the diagnostics archive for support. */
export function aboutIpcHandlers({ info, app, dataDir, logsDir, desktop, diagnostics, logger }: AboutIpcDependencies): FeatureIpcHandlers<'station' | 'app' | 'diagnostics'> {
  return {
    'station.info': info,
    'app.about': () => ({
      productName: app.productName,
      version: app.version,
      shell: app.shell,
      runtime: readRuntimeVersions(),
      dataDir,
      logsDir,
      canOpenFolders: desktop !== undefined,
    }),
    'app.open-data-folder': async () => ({ opened: desktop ? await desktop.openFolder(dataDir) : false }),
    'diagnostics.export': async () => {
      const written = await writeDiagnosticsArchive({
        dataDir,
        logsDir,
        ...diagnostics,
        app: { name: app.productName, version: app.version, shell: app.shell },
        runtime: readRuntimeVersions(),
      });
      logger.info('diagnostics exported', { file: written.file, bytes: written.bytes });
      desktop?.revealFile(written.file);
      return { ...written, revealed: desktop !== undefined };
    },
  };
}
