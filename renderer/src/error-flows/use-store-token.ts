import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TokenStatus } from '../../../shared/ipc/ipc-contract';
import { unwrapResult, useStation } from '../bridge/station-context';

/**
 * Stores an access token (setup, Settings, the 401 form). Where main answers that the key would
 * not be protected by the OS (Linux without a keyring), asks the user first and stores only on
 * their yes; a no fails with that answer, which the caller shows.
 */
export function useStoreToken(): (token: string) => Promise<TokenStatus> {
  const station = useStation();
  const { modal } = App.useApp();
  const { t } = useTranslation();
  return useCallback(
    async (token: string) => {
      const first = await station['token.set']({ token });
      if (first.ok || first.error.code !== 'token-vault.weak-protection') return unwrapResult(Promise.resolve(first));
      const accepted = await new Promise<boolean>((answer) => {
        void modal.confirm({
          title: t('setup.weakProtection.title'),
          content: t('setup.weakProtection.content'),
          okText: t('setup.weakProtection.ok'),
          okButtonProps: { danger: true },
          cancelText: t('common.cancel'),
          scrollLock: false,
          onOk: () => answer(true),
          onCancel: () => answer(false),
        });
      });
      if (!accepted) return unwrapResult(Promise.resolve(first));
      return unwrapResult(station['token.set']({ token, acceptWeakProtection: true }));
    },
    [station, modal, t],
  );
}
