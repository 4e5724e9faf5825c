import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TokenStatus } from '../../../shared/ipc/ipc-contract';
import type { Result } from '../../../shared/result';
import { unwrapResult, useStation } from '../bridge/station-context';

/** Which secret is stored: the gateway's access token, or the shared database's password. */
export type StoredSecret = 'token' | 'sharedPassword';

/**
 * Stores a secret through `send`. Where main answers that the key would not be protected by the
 * OS (Linux without a keyring), asks the user first and sends again, accepting, only on their
 * yes; a no fails with that answer, which the caller shows.
 */
export function useStoreSecret(): <T>(secret: StoredSecret, send: (acceptWeakProtection: boolean) => Promise<Result<T>>) => Promise<T> {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  return useCallback(
    async <T,>(secret: StoredSecret, send: (acceptWeakProtection: boolean) => Promise<Result<T>>) => {
      const first = await send(false);
      if (first.ok || first.error.code !== 'token-vault.weak-protection') return unwrapResult(Promise.resolve(first));
      const accepted = await new Promise<boolean>((answer) => {
        void modal.confirm({
          title: t(`setup.weakProtection.${secret}.title`),
          content: t(`setup.weakProtection.${secret}.content`),
          okText: t('setup.weakProtection.ok'),
          okButtonProps: { danger: true },
          cancelText: t('common.cancel'),
          scrollLock: false,
          onOk: () => answer(true),
          onCancel: () => answer(false),
        });
      });
      if (!accepted) return unwrapResult(Promise.resolve(first));
      return unwrapResult(send(true));
    },
    [modal, t],
  );
}

/** Stores an access token (setup, Settings, the 401 form), asking first where the key is weakly protected. */
export function useStoreToken(): (token: string) => Promise<TokenStatus> {
  const station = useStation();
  const storeSecret = useStoreSecret();
  return useCallback(
    (token: string) => storeSecret('token', (acceptWeakProtection) => station['token.set'](acceptWeakProtection ? { token, acceptWeakProtection } : { token })),
    [station, storeSecret],
  );
}
