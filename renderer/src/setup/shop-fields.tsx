import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SHOP_COLOURS, type ShopColour } from '../../../shared/settings/settings-schema';
import { ShopTag } from '../shops/shop-tag';
import { fieldRule } from './field-rule';
import { isValidField, type SetupField } from './setup-form';

/** A choice of colour tag, each shown as the tag it gives. */
function ShopColourSelect({ label, ...props }: { label: string; value?: ShopColour; onChange?: (value: ShopColour) => void }) {
  const { t } = useTranslation();
  return (
    <Select
      {...props}
      aria-label={label}
      className="setup__shop-colour"
      options={SHOP_COLOURS.map((colour) => ({ value: colour, label: <ShopTag shop={{ name: t(`setup.shopColours.${colour}`), sellerNick: t(`setup.shopColours.${colour}`), colour }} /> }))}
    />
  );
}

/** The first shop's display name and colour tag, beside its ids in the connection fields. */
export function FirstShopLook() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="shopName" label={t('setup.shopName')} extra={t('setup.shopNameHint')} rules={[fieldRule((text) => isValidField('shopName', text), t('setup.invalid.shopName'))]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="shopColour" label={t('setup.shopColour')}>
        <ShopColourSelect label={t('setup.shopColour')} />
      </Form.Item>
    </>
  );
}

/**
 * The account's further shops (多店铺), as the `otherShops` list of a `Form` of `SetupFormValues`:
 * add, fill in the shop's id, seller nick, merchant user id, display name and colour tag, remove.
 * The token is the account's: every shop uses it.
 */
export function OtherShopsFields() {
  const { t } = useTranslation();
  const rule = (field: SetupField, message: string) => fieldRule((text) => isValidField(field, text), message);
  return (
    <>
      <Typography.Text strong>{t('setup.otherShops')}</Typography.Text>
      <Typography.Paragraph type="secondary">{t('setup.otherShopsHint')}</Typography.Paragraph>
      <Form.List name="otherShops">
        {(fields, { add, remove }) => (
          <div className="setup__shops">
            {fields.map((field, index) => {
              const number = index + 2;
              return (
                <Space key={field.key} align="start" wrap className="setup__shop-row" data-shop-row={number}>
                  <Form.Item name={[field.name, 'shopId']} rules={[rule('shopId', t('setup.invalid.shopId'))]}>
                    <Input aria-label={t('setup.shopRow.shopId', { number })} placeholder={t('setup.shopId')} autoComplete="off" />
                  </Form.Item>
                  <Form.Item name={[field.name, 'sellerNick']} rules={[rule('sellerNick', t('setup.invalid.sellerNick'))]}>
                    <Input aria-label={t('setup.shopRow.sellerNick', { number })} placeholder={t('setup.sellerNick')} autoComplete="off" />
                  </Form.Item>
                  <Form.Item name={[field.name, 'merchantUserId']} rules={[rule('merchantUserId', t('setup.invalid.merchantUserId'))]}>
                    <Input aria-label={t('setup.shopRow.merchantUserId', { number })} placeholder={t('setup.merchantUserId')} inputMode="numeric" autoComplete="off" />
                  </Form.Item>
                  <Form.Item name={[field.name, 'name']} rules={[rule('shopName', t('setup.invalid.shopName'))]}>
                    <Input aria-label={t('setup.shopRow.name', { number })} placeholder={t('setup.shopName')} autoComplete="off" />
                  </Form.Item>
                  <Form.Item name={[field.name, 'colour']}>
                    <ShopColourSelect label={t('setup.shopRow.colour', { number })} />
                  </Form.Item>
                  <Button icon={<DeleteOutlined aria-hidden />} aria-label={t('setup.shopRow.remove', { number })} onClick={() => remove(field.name)} />
                </Space>
              );
            })}
            <Button
              type="dashed"
              icon={<PlusOutlined aria-hidden />}
              onClick={() => add({ shopId: '', sellerNick: '', merchantUserId: '', name: '', colour: SHOP_COLOURS[(fields.length + 1) % SHOP_COLOURS.length] })}
            >
              {t('setup.addShop')}
            </Button>
          </div>
        )}
      </Form.List>
    </>
  );
}
