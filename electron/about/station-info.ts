import type { StationInfo } from '../../shared/ipc/ipc-contract';
import type { SettingsLoadNotice } from '../settings/settings-store';

/** What the shells and the UI are told about this run: its shell, version, data folder, mode and settings state. */
export function stationInfoOf(run: Omit<StationInfo, 'settingsNotice'> & { loadNotice: SettingsLoadNotice | null }): StationInfo {
  const { shell, version, dataDir, demoMode, loadNotice: notice, settingsNeedAttention } = run;
  const settingsNotice = notice ? { setAsidePath: notice.setAsidePath, reason: notice.reason, restoredLastGood: notice.kind === 'restored-last-good' } : null;
  return { shell, version, dataDir, demoMode, settingsNotice, settingsNeedAttention };
}
