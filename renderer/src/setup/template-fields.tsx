import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CARRIERS } from '../../../shared/domain/carriers';
import { fieldRule } from './field-rule';
import { isValidField } from './setup-form';

/**
 * Each carrier's standard template address, as the `templates` list of a `Form` of
 * `SetupFormValues`: add, choose the carrier, paste the address, remove. Shared by the
 * first-run setup and Settings.
 */
export function TemplateFields() {
  const { t, i18n } = useTranslation();
  const zh = i18n.language === 'zh-CN';
  return (
    <>
      <Typography.Text strong>{t('setup.templates')}</Typography.Text>
      <Typography.Paragraph type="secondary">{t('setup.templatesHint')}</Typography.Paragraph>
      <Form.List name="templates">
        {(fields, { add, remove }) => (
          <div className="setup__templates">
            {fields.map((field, index) => (
              <Space key={field.key} align="start" className="setup__template-row">
                <Form.Item name={[field.name, 'carrierCode']} rules={[fieldRule((text) => isValidField('templateCarrier', text), t('setup.invalid.templateCarrier'))]}>
                  <Select
                    showSearch
                    optionFilterProp="label"
                    aria-label={t('setup.templateCarrier', { index: index + 1 })}
                    placeholder={t('setup.templateCarrierPlaceholder')}
                    className="setup__template-carrier"
                    options={CARRIERS.map((carrier) => ({ value: carrier.code, label: `${zh ? carrier.nameZh : carrier.nameEn} (${carrier.code})` }))}
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'url']}
                  rules={[fieldRule((text) => isValidField('templateUrl', text), t('setup.invalid.templateUrl'))]}
                  className="setup__template-url"
                >
                  <Input aria-label={t('setup.templateUrl', { index: index + 1 })} placeholder="https://cloudprint.cainiao.com/template/standard/101/3" />
                </Form.Item>
                <Button icon={<DeleteOutlined aria-hidden />} aria-label={t('setup.templateRemove', { index: index + 1 })} onClick={() => remove(field.name)} />
              </Space>
            ))}
            <Button type="dashed" icon={<PlusOutlined aria-hidden />} onClick={() => add({ carrierCode: undefined, url: '' })}>
              {t('setup.templateAdd')}
            </Button>
          </div>
        )}
      </Form.List>
    </>
  );
}
