import { Descriptions, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { findCarrier } from '../../../shared/domain/carriers';
import { DEMO_SENDER_CONTACT, type ShipFromSettings } from '../../../shared/settings/settings-schema';
import { useNetworkQuery } from '../bridge/station-queries';
import { fieldRule } from '../setup/field-rule';
import { formatAddress, matchShipFrom } from '../ship-from/ship-from-choice';
import { SETTINGS_FIELD_LIMITS, isValidSettingsField } from './settings-form';
import { IssueDefaultsPanel } from './issue-defaults-panel';
import { SettingsSection } from './settings-section';

/**
 * The sender: name and phone (printed on every label), where parcels ship from, shown
 * read-only with a pointer to the desk's ship-from panel, where it is chosen, and what new jobs
 * send per carrier (services, measures, monthly card, brand) and which order statuses are held
 * back. In demo mode an empty field shows the demo sender its labels print in its place.
 */
export function SenderSection({ shipFrom, demo }: { shipFrom: ShipFromSettings; demo: boolean }) {
  const { t, i18n } = useTranslation();
  const network = useNetworkQuery();
  const choice = network.data ? matchShipFrom(network.data, shipFrom) : null;
  const notChosen = <Typography.Text type="secondary">{t('settings.sender.notChosen')}</Typography.Text>;
  const carrier = shipFrom.carrierCode ? findCarrier(shipFrom.carrierCode) : undefined;
  const carrierText = carrier ? `${i18n.language === 'zh-CN' ? carrier.nameZh : carrier.nameEn} (${carrier.code})` : shipFrom.carrierCode;
  const branchText = choice?.branch ? `${choice.branch.branchName} (${choice.branch.branchCode})` : shipFrom.branchCode;

  return (
    <SettingsSection section="sender" title={t('settings.section.sender')}>
      <div className="setup__grid">
        <Form.Item
          name="senderName"
          label={t('settings.sender.name')}
          extra={t('settings.sender.nameHint')}
          rules={[fieldRule((text) => isValidSettingsField('senderName', text), t('settings.sender.invalid.name', SETTINGS_FIELD_LIMITS.senderName))]}
        >
          <Input autoComplete="off" placeholder={demo ? t('settings.sender.demoPrints', { value: DEMO_SENDER_CONTACT.name }) : undefined} />
        </Form.Item>
        <Form.Item
          name="senderPhone"
          label={t('settings.sender.phone')}
          extra={t('settings.sender.phoneHint')}
          rules={[fieldRule((text) => isValidSettingsField('senderPhone', text), t('settings.sender.invalid.phone', SETTINGS_FIELD_LIMITS.senderPhone))]}
        >
          <Input autoComplete="off" inputMode="tel" placeholder={demo ? t('settings.sender.demoPrints', { value: DEMO_SENDER_CONTACT.mobile }) : undefined} />
        </Form.Item>
      </div>
      <Descriptions
        title={t('settings.sender.shipFrom')}
        column={1}
        bordered
        size="small"
        items={[
          { key: 'carrier', label: t('shipFrom.carrier'), children: carrierText ?? notChosen },
          { key: 'branch', label: t('shipFrom.branch'), children: branchText ?? notChosen },
          { key: 'address', label: t('shipFrom.address'), children: shipFrom.senderAddress ? formatAddress(shipFrom.senderAddress) : notChosen },
        ]}
      />
      <Typography.Paragraph type="secondary" className="settings__note">
        {t('settings.sender.shipFromHint')}
      </Typography.Paragraph>
      <IssueDefaultsPanel network={network.data} shipFromCarrier={shipFrom.carrierCode} />
    </SettingsSection>
  );
}
