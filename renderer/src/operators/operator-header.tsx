import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Tag } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorSession } from '../../../shared/operators/operators';
import { unwrapResult, useStation } from '../bridge/station-context';
import { operatorSessionKey, useOperatorSession } from './use-operator-session';

/** How often work at the desk is told to main at most (main signs out after the idle time without it). */
const KEEP_ALIVE_EVERY_MS = 30_000;

/**
 * Signs the operator out after the idle time without a key or a click at the desk, and tells
 * main now and then that someone works here (main enforces the idle time itself too).
 */
function useIdleSignOut(session: OperatorSession | undefined) {
  const station = useStation();
  const client = useQueryClient();
  const signedIn = session?.operator != null;
  const idleMs = (session?.idleMinutes ?? 0) * 60_000;
  useEffect(() => {
    if (!signedIn) return;
    let lastTold = Date.now();
    let timer = window.setTimeout(signOut, idleMs);
    function signOut() {
      void unwrapResult(station['operators.sign-out']({ reason: 'idle' })).then((next) => client.setQueryData(operatorSessionKey, next));
    }
    const worked = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(signOut, idleMs);
      if (Date.now() - lastTold < KEEP_ALIVE_EVERY_MS) return;
      lastTold = Date.now();
      void station['operators.keep-alive']({});
    };
    window.addEventListener('keydown', worked, true);
    window.addEventListener('pointerdown', worked, true);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('keydown', worked, true);
      window.removeEventListener('pointerdown', worked, true);
    };
  }, [station, client, signedIn, idleMs]);
}

/** The header's part for operators: who is signed in, with their role, and Sign out; nothing while operators are off. */
export function OperatorHeader() {
  const { t } = useTranslation();
  const station = useStation();
  const client = useQueryClient();
  const session = useOperatorSession();
  useIdleSignOut(session.data);
  const operator = session.data?.enabled ? session.data.operator : null;
  if (operator === null) return null;
  return (
    <span className="operator-header" role="status" aria-live="polite">
      <Tag icon={<UserOutlined aria-hidden />} color={operator.role === 'supervisor' ? 'gold' : 'blue'}>
        {t('operators.header.signedIn', { name: operator.name, role: t(`operators.role.${operator.role}`) })}
      </Tag>
      <Button
        type="text"
        className="station__header-button"
        icon={<LogoutOutlined aria-hidden />}
        onClick={() => void unwrapResult(station['operators.sign-out']({ reason: 'manual' })).then((next) => client.setQueryData(operatorSessionKey, next))}
      >
        {t('operators.header.signOut')}
      </Button>
    </span>
  );
}
