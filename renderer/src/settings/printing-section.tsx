import { Form, Input, Radio, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { findCarrier } from '../../../shared/domain/carriers';
import { DEFAULT_LABEL_SIZE, LABEL_SIZES, type LabelSize } from '../../../shared/settings/settings-schema';
import { useNetworkQuery } from '../bridge/station-queries';
import { fieldRule } from '../setup/field-rule';
import { TemplateFields } from '../setup/template-fields';
import { PaperworkSettingsPanel } from '../paperwork/paperwork-settings';
import { PracticePrinterPanel } from '../printer-state/practice-printer-panel';
import { PrinterChoice } from './printer-choice';
import { isValidSettingsField, knownCarrierCodes, SETTINGS_FIELD_LIMITS, type SettingsFormValues } from './settings-form';
import { SettingsSection } from './settings-section';

/** A label size's width and height in millimetres. */
const sizeParts = (size: LabelSize) => {
  const [width, height] = size.split('x');
  return { width: width ?? '', height: height ?? '' };
};

/** Props of the printing section: the form's values it shows by (each its own prop, so a keystroke elsewhere leaves them equal). */
export interface PrintingSectionProps extends Pick<SettingsFormValues, 'output' | 'gatewayMode' | 'printer' | 'templates' | 'labelSizes'> {
  /** Whether the output or the component address differ from the saved ones. */
  outputUnsaved: boolean;
}

/**
 * Printing: output (print component or OS printer), the component's address, the printer with a
 * test print and offset calibration, each carrier's template and label size, the custom-area
 * template and encrypted print data.
 */
export function PrintingSection({ output, gatewayMode, printer, templates, labelSizes, outputUnsaved }: PrintingSectionProps) {
  const { t, i18n } = useTranslation();
  const network = useNetworkQuery();
  const carriers = knownCarrierCodes(network.data, { templates, labelSizes });
  const carrierName = (code: string) => {
    const carrier = findCarrier(code);
    return carrier ? `${i18n.language === 'zh-CN' ? carrier.nameZh : carrier.nameEn} (${code})` : code;
  };
  const sizeLabel = (size: LabelSize) => t('settings.printing.labelSizeOption', sizeParts(size));

  return (
    <SettingsSection section="printing" title={t('settings.section.printing')}>
      <div className="setup__grid">
        <Form.Item name="output" label={t('settings.printing.output')} extra={t('settings.printing.outputHint')} className="setup__wide">
          <Radio.Group aria-label={t('settings.printing.output')} optionType="button" buttonStyle="solid">
            <Radio.Button value="component">{t('settings.printing.outputComponent')}</Radio.Button>
            <Radio.Button value="os-printer">{t('settings.printing.outputOs')}</Radio.Button>
          </Radio.Group>
        </Form.Item>
        {output === 'component' ? (
          <Form.Item
            name="componentUrl"
            label={t('settings.printing.componentUrl')}
            extra={gatewayMode === 'demo' ? t('settings.printing.componentUrlHint') : undefined}
            rules={[fieldRule((text) => isValidSettingsField('componentUrl', text), t('settings.printing.invalid.componentUrl'))]}
          >
            <Input autoComplete="off" placeholder="ws://127.0.0.1:13528" />
          </Form.Item>
        ) : null}
        <Form.Item name="needEncrypt" label={t('settings.printing.needEncrypt')} extra={t('settings.printing.needEncryptHint')} valuePropName="checked">
          <Switch aria-label={t('settings.printing.needEncrypt')} />
        </Form.Item>
        <Form.Item
          name="stallSeconds"
          label={t('settings.printing.stallSeconds')}
          extra={t('settings.printing.stallSecondsHint')}
          rules={[fieldRule((text) => isValidSettingsField('stallSeconds', text), t('settings.printing.invalid.stallSeconds', SETTINGS_FIELD_LIMITS.stallSeconds))]}
        >
          <Input inputMode="numeric" autoComplete="off" />
        </Form.Item>
        <Form.Item name="errorSound" label={t('settings.printing.errorSound')} extra={t('settings.printing.errorSoundHint')} valuePropName="checked">
          <Switch aria-label={t('settings.printing.errorSound')} />
        </Form.Item>
      </div>
      <PrinterChoice chosen={printer} outputUnsaved={outputUnsaved} />
      <div className="settings__group">
        <Typography.Text strong>{t('settings.printing.labelSizes')}</Typography.Text>
        <Typography.Paragraph type="secondary">{t('settings.printing.labelSizesHint', { size: sizeLabel(DEFAULT_LABEL_SIZE) })}</Typography.Paragraph>
        {carriers.length === 0 ? <Typography.Paragraph type="secondary">{t('settings.printing.noCarriers')}</Typography.Paragraph> : null}
        <div className="settings__label-sizes">
          {carriers.map((code) => (
            <Form.Item key={code} name={['labelSizes', code]} label={carrierName(code)}>
              <Select<LabelSize>
                allowClear
                showSearch
                optionFilterProp="label"
                aria-label={t('settings.printing.labelSizeFor', { carrier: carrierName(code) })}
                placeholder={t('settings.printing.labelSizeDefault', { size: sizeLabel(DEFAULT_LABEL_SIZE) })}
                options={LABEL_SIZES.map((size) => ({ value: size, label: sizeLabel(size) }))}
              />
            </Form.Item>
          ))}
        </div>
      </div>
      <div className="settings__group">
        <TemplateFields />
        <Form.Item
          name="customAreaTemplateUrl"
          label={t('settings.printing.customArea')}
          extra={t('settings.printing.customAreaHint')}
          rules={[fieldRule((text) => isValidSettingsField('customAreaTemplateUrl', text), t('settings.printing.invalid.customArea'))]}
        >
          <Input autoComplete="off" placeholder="https://cloudprint.cainiao.com/template/customArea/…/1" />
        </Form.Item>
      </div>
      <PaperworkSettingsPanel />
      {gatewayMode === 'demo' && output === 'component' ? <PracticePrinterPanel /> : null}
    </SettingsSection>
  );
}
