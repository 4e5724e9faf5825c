import type { SharedModeStatus } from '../../shared/ipc/ipc-contract';
import type { SharedModeSettings } from '../../shared/settings/settings-schema';
import type { FeatureIpcHandlers } from '../ipc/feature-ipc-handlers';
import type { StationLogger } from '../logging/station-logger';
import type { SharedAccount } from '../store/postgres/shared-account';
import type { TokenVault } from '../token-vault/token-vault';
import { sharedConnectionOf, testSharedConnection } from './test-shared-connection';

/** What the shared-mode channels work with. */
export interface SharedModeIpcDependencies {
  /** The saved shared-mode settings. */
  settings: () => SharedModeSettings;
  /** The shared database's password, encrypted at rest like the token (a vault file of its own). */
  passwordVault: TokenVault;
  /** The computer's name: the desk's name unless Settings names it. */
  computerName: string;
  /** This desk's id in the shared database. */
  deskId: () => string;
  /** The account this desk works for now (a schema of another account is refused). */
  account: () => SharedAccount;
  /** The mode this run started in (the setting is read at start). */
  runningMode: 'local' | 'shared';
  logger: StationLogger;
}

/**
 * Settings → Shared mode: the password's status, storing and clearing it, and "Test connection"
 * on the saved settings (which creates or migrates the schema), and whether the saved mode
 * differs from the one this run works in (it takes effect after a restart).
 */
export function sharedModeIpcHandlers(dependencies: SharedModeIpcDependencies): FeatureIpcHandlers<'shared-mode'> {
  const { settings, passwordVault, computerName, deskId, account, runningMode, logger } = dependencies;
  const status = (): SharedModeStatus => ({
    password: passwordVault.status(),
    computerName,
    runningMode,
    restartToApply: settings().enabled !== (runningMode === 'shared'),
  });
  return {
    'shared-mode.status': status,
    'shared-mode.set-password': ({ password, acceptWeakProtection }) => {
      passwordVault.write(password, { acceptWeakProtection });
      return status();
    },
    'shared-mode.clear-password': () => {
      passwordVault.clear();
      return status();
    },
    'shared-mode.test': async () => {
      const saved = settings();
      const connection = sharedConnectionOf(saved, passwordVault.read());
      const deskName = saved.deskName === '' ? computerName : saved.deskName;
      try {
        const report = await testSharedConnection(connection, { schema: saved.schema, deskId: deskId(), deskName, account: account() });
        logger.info('shared database tested', { host: connection.host, port: connection.port, database: connection.database, schema: report.schema, schemaVersion: report.schemaVersion, migrated: report.migrated });
        return report;
      } catch (error) {
        logger.warn('shared database test failed', { host: connection.host, port: connection.port, database: connection.database, error: String(error) });
        throw error;
      }
    },
  };
}
