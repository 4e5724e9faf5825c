import { DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, InputNumber, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { OPERATOR_ROLES, type OperatorRole, type OperatorView } from '../../../shared/operators/operators';
import type { OperatorsSettings } from '../../../shared/settings/settings-schema';
import { unwrapResult, useStation } from '../bridge/station-context';
import { stationQueryKeys, useSettingsQuery } from '../bridge/station-queries';
import { StationErrorAlert, stationErrorOf } from '../errors/station-error-text';
import { SettingsSection } from '../settings/settings-section';
import { PlainTable } from '../issue-print/plain-table';
import { formatChinaDateTime } from '../../../shared/time/china-time';
import { operatorSessionKey } from './use-operator-session';
import './operators.css';

const operatorsKey = ['operators', 'list'] as const;
const keptApartKey = ['operators', 'kept-apart'] as const;

interface NewOperator {
  name: string;
  role: OperatorRole;
  pin: string;
  badge?: string;
}

/**
 * Settings → Operators and audit log: whether operators sign in here, the idle time, how long the
 * audit log is kept, and the operators themselves. Each change is saved at once; while operators
 * are on, main asks a supervisor for each (the window's supervisor dialog).
 */
export function OperatorsSection() {
  const { t } = useTranslation();
  const station = useStation();
  const client = useQueryClient();
  const { message } = App.useApp();
  const settings = useSettingsQuery();
  const operators = useQuery({ queryKey: operatorsKey, queryFn: () => unwrapResult(station['operators.list']({})) });
  const [form] = Form.useForm<NewOperator>();
  const save = useMutation({
    mutationFn: (patch: Partial<OperatorsSettings>) => unwrapResult(station['settings.update']({ patch: { operators: patch } })),
    onSuccess: async (view) => {
      client.setQueryData(stationQueryKeys.settings, view);
      await client.invalidateQueries({ queryKey: operatorSessionKey });
      void message.success(t('operators.settings.saved'));
    },
  });
  const add = useMutation({
    mutationFn: (operator: NewOperator) => unwrapResult(station['operators.add']({ ...operator, ...(operator.badge?.trim() ? { badge: operator.badge.trim() } : { badge: undefined }) })),
    onSuccess: (list, operator) => {
      client.setQueryData(operatorsKey, list);
      form.resetFields();
      void message.success(t('operators.settings.added', { name: operator.name }));
    },
  });
  const remove = useMutation({
    mutationFn: (operatorId: string) => unwrapResult(station['operators.remove']({ operatorId })),
    onSuccess: (list) => client.setQueryData(operatorsKey, list),
  });
  // This desk's own operators the account already had when the desk joined (shared mode): shown until dismissed.
  const keptApart = useQuery({ queryKey: keptApartKey, queryFn: () => unwrapResult(station['operators.kept-apart']({})) });
  const dismiss = useMutation({
    mutationFn: () => unwrapResult(station['operators.dismiss-kept-apart']({})),
    onSuccess: (left) => client.setQueryData(keptApartKey, left),
  });
  const keptApartNames = keptApart.data?.names ?? [];
  const current = settings.data?.settings.operators;
  const error = save.error ?? add.error ?? remove.error ?? dismiss.error;

  return (
    <SettingsSection section="operators" title={t('settings.section.operators')}>
      {current === undefined ? null : (
        <>
          <Form.Item label={t('operators.settings.enabled')} extra={t('operators.settings.enabledHint')}>
            <Switch aria-label={t('operators.settings.enabled')} checked={current.enabled} loading={save.isPending} onChange={(enabled) => save.mutate({ enabled })} />
          </Form.Item>
          <Form.Item label={t('operators.settings.idleMinutes')}>
            <InputNumber aria-label={t('operators.settings.idleMinutes')} min={1} max={480} value={current.idleMinutes} onBlur={(event) => Number(event.target.value) !== current.idleMinutes && save.mutate({ idleMinutes: Number(event.target.value) })} />
          </Form.Item>
          <Form.Item label={t('operators.settings.auditRetentionDays')}>
            <InputNumber
              aria-label={t('operators.settings.auditRetentionDays')}
              min={30}
              max={3650}
              value={current.auditRetentionDays}
              onBlur={(event) => Number(event.target.value) !== current.auditRetentionDays && save.mutate({ auditRetentionDays: Number(event.target.value) })}
            />
          </Form.Item>
        </>
      )}
      {keptApartNames.length === 0 ? null : (
        <Alert
          type="warning"
          showIcon
          className="operators-settings__kept-apart"
          title={t('operators.keptApart.title', { count: keptApartNames.length })}
          description={t('operators.keptApart.description', { names: keptApartNames.join(t('operators.keptApart.separator')) })}
          action={
            <Button size="small" loading={dismiss.isPending} onClick={() => dismiss.mutate()}>
              {t('operators.keptApart.dismiss')}
            </Button>
          }
        />
      )}
      <Typography.Title level={4}>{t('operators.settings.list')}</Typography.Title>
      <PlainTable<OperatorView>
        label={t('operators.settings.list')}
        rows={operators.data ?? []}
        rowKey={(operator) => operator.id}
        columns={[
          { key: 'name', title: t('operators.settings.column.name'), render: (operator) => operator.name },
          { key: 'role', title: t('operators.settings.column.role'), render: (operator) => t(`operators.role.${operator.role}`) },
          { key: 'badge', title: t('operators.settings.column.badge'), render: (operator) => (operator.hasBadge ? t('operators.settings.hasBadge') : t('operators.settings.noBadge')) },
          {
            key: 'state',
            title: t('operators.settings.column.state'),
            render: (operator) => (operator.lockedUntil === null ? t('operators.settings.active') : t('operators.settings.locked', { time: formatChinaDateTime(operator.lockedUntil) })),
          },
          {
            key: 'remove',
            title: '',
            render: (operator) => (
              <Button danger size="small" icon={<DeleteOutlined aria-hidden />} aria-label={`${t('operators.settings.remove')} ${operator.name}`} onClick={() => remove.mutate(operator.id)}>
                {t('operators.settings.remove')}
              </Button>
            ),
          },
        ]}
      />
      {/* Its own form: adding an operator is saved at once, never with the Settings form. */}
      <Form<NewOperator> form={form} component="div" name="new-operator" layout="inline" initialValues={{ role: 'packer' }} requiredMark={false} className="operators-settings__new">
        <Form.Item name="name" label={t('operators.settings.newName')} rules={[{ required: true, whitespace: true, max: 32 }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="role" label={t('operators.settings.newRole')}>
          <Select<OperatorRole> className="operators-settings__role" options={OPERATOR_ROLES.map((role) => ({ value: role, label: t(`operators.role.${role}`) }))} />
        </Form.Item>
        <Form.Item name="pin" label={t('operators.settings.newPin')} rules={[{ required: true, pattern: /^\d{4,8}$/ }]}>
          <Input.Password inputMode="numeric" autoComplete="new-password" maxLength={8} className="operators-settings__pin" />
        </Form.Item>
        <Form.Item name="badge" label={t('operators.settings.newBadge')}>
          <Input autoComplete="off" />
        </Form.Item>
        <Button icon={<UserAddOutlined aria-hidden />} loading={add.isPending} onClick={() => void form.validateFields().then((values) => add.mutate(values))}>
          {t('operators.settings.add')}
        </Button>
      </Form>
      {error ? <StationErrorAlert error={stationErrorOf(error)} /> : null}
    </SettingsSection>
  );
}
