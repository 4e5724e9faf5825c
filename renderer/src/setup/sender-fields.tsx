import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isValidSettingsField, SETTINGS_FIELD_LIMITS } from '../settings/settings-form';
import { fieldRule } from './field-rule';

/**
 * The sender printed on every label, asked by the first-run setup of a real gateway (demo mode
 * brings its own): without it the first job would stop on every order. Settings (F2) changes it later.
 */
export function SenderFields() {
  const { t } = useTranslation();
  const required = (message: string) => ({ required: true, whitespace: true, message });
  return (
    <>
      <Typography.Text strong>{t('settings.section.sender')}</Typography.Text>
      <div className="setup__grid">
        <Form.Item
          name="senderName"
          label={t('settings.sender.name')}
          extra={t('settings.sender.nameHint')}
          rules={[required(t('settings.sender.invalid.name', SETTINGS_FIELD_LIMITS.senderName)), fieldRule((text) => isValidSettingsField('senderName', text), t('settings.sender.invalid.name', SETTINGS_FIELD_LIMITS.senderName))]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="senderPhone"
          label={t('settings.sender.phone')}
          extra={t('settings.sender.phoneHint')}
          rules={[required(t('settings.sender.invalid.phone', SETTINGS_FIELD_LIMITS.senderPhone)), fieldRule((text) => isValidSettingsField('senderPhone', text), t('settings.sender.invalid.phone', SETTINGS_FIELD_LIMITS.senderPhone))]}
        >
          <Input autoComplete="off" inputMode="tel" />
        </Form.Item>
      </div>
    </>
  );
}
