import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UiSettings } from '../../../shared/settings/settings-schema';
import { useChooseLanguage } from '../app/use-choose-language';
import { uiLanguages } from '../i18n/setup-i18n';
import { fieldRule } from '../setup/field-rule';
import { SETTINGS_FIELD_LIMITS, isValidSettingsField } from './settings-form';
import { SettingsSection } from './settings-section';

/** The "follow the system" choice of the language picker. */
const FOLLOW_SYSTEM = 'system';

/** Language (applied and remembered at once, like the header's switch) and how long print data is kept. */
export function GeneralSection({ language }: { language: UiSettings['language'] }) {
  const { t } = useTranslation();
  const chooseLanguage = useChooseLanguage();
  return (
    <SettingsSection section="general" title={t('settings.section.general')}>
      <div className="setup__grid">
        <Form.Item label={t('settings.general.language')} extra={t('settings.general.languageHint')} className="setup__wide">
          <Radio.Group
            aria-label={t('settings.general.language')}
            optionType="button"
            value={language ?? FOLLOW_SYSTEM}
            onChange={(event) => chooseLanguage(event.target.value === FOLLOW_SYSTEM ? null : (event.target.value as UiSettings['language']))}
          >
            {uiLanguages.map((code) => (
              <Radio.Button key={code} value={code}>
                {t(`language.${code}`)}
              </Radio.Button>
            ))}
            <Radio.Button value={FOLLOW_SYSTEM}>{t('settings.general.languageSystem')}</Radio.Button>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="printDataRetentionDays"
          label={t('settings.general.retention')}
          extra={t('settings.general.retentionHint')}
          rules={[fieldRule((text) => isValidSettingsField('printDataRetentionDays', text), t('settings.general.invalid.retention', SETTINGS_FIELD_LIMITS.printDataRetentionDays))]}
        >
          <Input inputMode="numeric" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="balanceWarnBelow"
          label={t('settings.general.balanceWarnBelow')}
          extra={t('settings.general.balanceWarnBelowHint')}
          rules={[fieldRule((text) => isValidSettingsField('balanceWarnBelow', text), t('settings.general.invalid.balanceWarnBelow', SETTINGS_FIELD_LIMITS.balanceWarnBelow))]}
        >
          <Input inputMode="numeric" autoComplete="off" />
        </Form.Item>
      </div>
    </SettingsSection>
  );
}
