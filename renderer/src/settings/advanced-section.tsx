import { CloseOutlined } from '@ant-design/icons';
import { Button, Collapse, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EDITION_VVTYPES, type EditionName } from '../../../shared/gateway/editions';
import { GATEWAY_ENDPOINTS } from '../../../shared/gateway/endpoints';
import { fieldRule } from '../setup/field-rule';
import { SETTINGS_FIELD_LIMITS, isValidSettingsField, type SettingsFormValues } from './settings-form';
import { SettingsSection } from './settings-section';

/** Props of the advanced section. */
export interface AdvancedSectionProps {
  /** The edition the form holds (its vvtype numbers show where no override is set). */
  edition: EditionName;
  /** Sets a form field from outside an input (clearing an override). */
  setOverride: (endpoint: keyof SettingsFormValues['vvtypeOverrides'], text: string) => void;
}

/** Per-endpoint vvtype overrides and the rate-limit margin, folded away by default. */
export function AdvancedSection({ edition, setOverride }: AdvancedSectionProps) {
  const { t } = useTranslation();
  const editionValue = (vvtype: number | null) => (vvtype === null ? t('settings.advanced.editionNone') : t('settings.advanced.editionValue', { value: vvtype }));
  const fields = (
    <>
      <Typography.Paragraph type="warning">{t('settings.advanced.hint')}</Typography.Paragraph>
      <Typography.Text strong>{t('settings.advanced.vvtypes')}</Typography.Text>
      <Typography.Paragraph type="secondary">{t('settings.advanced.vvtypesHint')}</Typography.Paragraph>
      <div className="settings__vvtypes">
        {GATEWAY_ENDPOINTS.map(({ id }) => {
          const endpoint = t(`settings.advanced.endpoint.${id}`);
          const label = t('settings.advanced.vvtypeFor', { endpoint });
          return (
            <Form.Item key={id} label={label} extra={editionValue(EDITION_VVTYPES[edition][id])}>
              <div className="settings__vvtype">
                <Form.Item
                  name={['vvtypeOverrides', id]}
                  noStyle
                  rules={[fieldRule((text) => isValidSettingsField('vvtypeOverride', text), t('settings.advanced.invalid.vvtype', { endpoint, ...SETTINGS_FIELD_LIMITS.vvtypeOverride }))]}
                >
                  <Input aria-label={label} inputMode="numeric" autoComplete="off" placeholder={String(EDITION_VVTYPES[edition][id] ?? '—')} />
                </Form.Item>
                <Button icon={<CloseOutlined aria-hidden />} aria-label={t('settings.advanced.clearOverride', { endpoint })} onClick={() => setOverride(id, '')} />
              </div>
            </Form.Item>
          );
        })}
      </div>
      <Form.Item
        name="rateLimitMarginMs"
        label={t('settings.advanced.margin')}
        extra={t('settings.advanced.marginHint')}
        rules={[fieldRule((text) => isValidSettingsField('rateLimitMarginMs', text), t('settings.advanced.invalid.margin', SETTINGS_FIELD_LIMITS.rateLimitMarginMs))]}
        className="settings__margin"
      >
        <Input aria-label={t('settings.advanced.margin')} inputMode="numeric" autoComplete="off" />
      </Form.Item>
    </>
  );
  return (
    <SettingsSection section="advanced" title={t('settings.section.advanced')}>
      <Collapse items={[{ key: 'advanced', label: t('settings.advanced.show'), children: fields }]} />
    </SettingsSection>
  );
}
