import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refetchAccountData } from '../bridge/station-queries';
import { stationErrorOf, StationErrorAlert } from '../errors/station-error-text';
import type { StationError } from '../../../shared/errors/station-error';
import { useStoreToken } from './use-store-token';

/** Props of the token form. */
export interface TokenFormProps {
  /** Called once the new token is stored: the caller resumes the stopped work. */
  onStored: () => void | Promise<void>;
}

/** The 401 answer: the gateway rejected the token; a new one is entered here, then the work resumes. */
export function TokenForm({ onStored }: TokenFormProps) {
  const { t } = useTranslation();
  const storeToken = useStoreToken();
  const client = useQueryClient();
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<StationError | null>(null);
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await storeToken(token.trim());
      setToken('');
      // What showed the rejected token (ship-from, the subscription) asks again with the new one.
      void refetchAccountData(client);
      await onStored();
    } catch (caught) {
      setError(stationErrorOf(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form layout="vertical" onFinish={() => void submit()}>
      <Form.Item label={t('errorFlows.token.label')} required>
        <Input.Password value={token} onChange={(event) => setToken(event.target.value)} autoComplete="off" aria-label={t('errorFlows.token.label')} />
      </Form.Item>
      {error ? <StationErrorAlert error={error} /> : null}
      <Button type="primary" htmlType="submit" loading={busy} disabled={token.trim() === ''}>
        {t('errorFlows.token.saveAndResume')}
      </Button>
    </Form>
  );
}
