import { ApiOutlined } from '@ant-design/icons';
import { Form, Input, Radio, Select, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_CHANNELS } from '../../../shared/domain/order-channels';
import { EDITION_NAMES } from '../../../shared/gateway/editions';
import { gatewayAddressProblem } from '../../../shared/settings/gateway-address';
import type { TokenStatus } from '../../../shared/ipc/ipc-contract';
import { fieldRule } from './field-rule';
import { isValidField, type GatewayMode, type SetupField } from './setup-form';
import { FirstShopLook, OtherShopsFields } from './shop-fields';

/** A form rule checking a setup field against the settings schema. */
const setupRule = (field: SetupField, message: string) => fieldRule((text) => isValidField(field, text), message);

/** Props of the connection fields. */
export interface ConnectionFieldsProps {
  /** The gateway mode the form holds now (the account fields show only for a real gateway). */
  gatewayMode: GatewayMode;
  token: TokenStatus;
  /** Shown under the token field (the settings screen's "clear the stored token"). */
  tokenActions?: ReactNode;
}

/**
 * The gateway connection's fields, inside a `Form` of `SetupFormValues`: demo or real gateway,
 * the address, access token (never shown: only whether one is stored), the account's shops (the
 * first one's id, seller nick, merchant user id, name and colour, then any further ones), edition
 * and order channel. Shared by the first-run setup and Settings.
 */
export function ConnectionFields({ gatewayMode, token, tokenActions }: ConnectionFieldsProps) {
  const { t, i18n } = useTranslation();
  const zh = i18n.language === 'zh-CN';
  return (
    <>
      <Form.Item name="gatewayMode" label={t('setup.gateway')}>
        <Radio.Group aria-label={t('setup.gateway')} optionType="button" buttonStyle="solid">
          <Radio.Button value="demo">{t('setup.gatewayDemo')}</Radio.Button>
          <Radio.Button value="real">{t('setup.gatewayReal')}</Radio.Button>
        </Radio.Group>
      </Form.Item>
      {gatewayMode === 'real' ? (
        <div className="setup__grid">
          <Form.Item
            name="baseUrl"
            label={t('setup.baseUrl')}
            extra={t('setup.baseUrlHint')}
            rules={[setupRule('baseUrl', t('setup.invalid.baseUrl')), fieldRule((text) => gatewayAddressProblem(text.trim()) === null, t('setup.invalid.baseUrlInsecure'))]}
            className="setup__wide"
          >
            <Input placeholder="https://" autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="token"
            label={t('setup.token')}
            extra={
              <>
                {token.isSet ? t('setup.tokenStored', { lastFour: token.lastFour ?? '' }) : t('setup.tokenHint')}
                {tokenActions}
                {token.unreadable ? (
                  <Typography.Text type="danger" className="setup__token-note" data-token-note="unreadable">
                    {t('setup.tokenUnreadable')}
                  </Typography.Text>
                ) : null}
                {token.weakProtection ? (
                  <Typography.Text type="warning" className="setup__token-note" data-token-note="weak-protection">
                    {t('setup.tokenWeakProtection')}
                  </Typography.Text>
                ) : null}
              </>
            }
            rules={[{ required: !token.isSet, whitespace: true, message: t('setup.invalid.token') }]}
            className="setup__wide"
          >
            <Input.Password autoComplete="off" placeholder={token.isSet ? t('setup.tokenKeep') : ''} />
          </Form.Item>
          <Form.Item name="shopId" label={t('setup.shopId')} rules={[setupRule('shopId', t('setup.invalid.shopId'))]}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name="sellerNick" label={t('setup.sellerNick')} extra={t('setup.sellerNickHint')} rules={[setupRule('sellerNick', t('setup.invalid.sellerNick'))]}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name="merchantUserId" label={t('setup.merchantUserId')} rules={[setupRule('merchantUserId', t('setup.invalid.merchantUserId'))]}>
            <Input inputMode="numeric" autoComplete="off" />
          </Form.Item>
          <FirstShopLook />
          <div className="setup__wide">
            <OtherShopsFields />
          </div>
        </div>
      ) : (
        <Typography.Paragraph className="setup__demo-note">
          <ApiOutlined aria-hidden /> {t('setup.demoNote')}
        </Typography.Paragraph>
      )}
      <div className="setup__grid">
        <Form.Item name="edition" label={t('setup.edition')} extra={t('setup.editionHint')} className="setup__wide">
          <Radio.Group aria-label={t('setup.edition')} optionType="button">
            {EDITION_NAMES.map((edition) => (
              <Radio.Button key={edition} value={edition}>
                {t(`editions.${edition}`)}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item name="orderChannel" label={t('setup.orderChannel')} rules={[setupRule('orderChannel', t('setup.invalid.orderChannel'))]}>
          <Select
            showSearch
            optionFilterProp="label"
            aria-label={t('setup.orderChannel')}
            options={ORDER_CHANNELS.map((channel) => ({ value: channel.code, label: `${zh ? channel.nameZh : channel.nameEn} (${channel.code})` }))}
          />
        </Form.Item>
      </div>
    </>
  );
}
