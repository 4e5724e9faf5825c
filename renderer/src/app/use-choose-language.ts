import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { UiSettings } from '../../../shared/settings/settings-schema';
import { stationQueryKeys } from '../bridge/station-queries';
import { useStation } from '../bridge/station-context';
import { languageForSystem } from '../i18n/setup-i18n';
import { useUi } from './ui-store-context';

/**
 * Switches the UI language at once and remembers the choice (null: follow the system) for the
 * next start. Used by the header's switch and by Settings.
 */
export function useChooseLanguage(): (choice: UiSettings['language']) => void {
  const station = useStation();
  const client = useQueryClient();
  const setLanguage = useUi((state) => state.setLanguage);
  return useCallback(
    (choice) => {
      setLanguage(choice ?? languageForSystem(navigator.languages));
      // The switch itself does not wait for the save.
      void station['settings.update']({ patch: { ui: { language: choice } } }).then((saved) => {
        if (saved.ok) client.setQueryData(stationQueryKeys.settings, saved.data);
      });
    },
    [station, client, setLanguage],
  );
}
