import { DownOutlined, ShopOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderListingShop } from '../../../shared/domain/order-row';
import { ShopTag } from '../shops/shop-tag';
import { useChooseOrderShops } from './use-orders';

/**
 * Which of the account's shops the table loads (every one by default; in demo mode the demo shop),
 * remembered for the next start. Shown only for an account of several shops; at least one shop stays chosen.
 */
export function OrderShopsChoice({ shops }: { shops: readonly OrderListingShop[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const choose = useChooseOrderShops();
  if (shops.length < 2) return null;
  const listed = shops.filter((shop) => shop.listed).map((shop) => shop.shopId);
  const toggle = (shopId: string, on: boolean) => {
    const next = shops.map((shop) => shop.shopId).filter((id) => (id === shopId ? on : listed.includes(id)));
    if (next.length > 0) choose(next);
  };
  const content = (
    <div className="desk-order-shops" role="group" aria-label={t('orderShops.label')}>
      <Typography.Text type="secondary">{t('orderShops.hint')}</Typography.Text>
      {shops.map((shop) => (
        <Checkbox
          key={shop.shopId}
          checked={shop.listed}
          disabled={shop.listed && listed.length === 1}
          onChange={(event) => toggle(shop.shopId, event.target.checked)}
          aria-label={shop.name}
        >
          <ShopTag shop={shop} />
        </Checkbox>
      ))}
    </div>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomLeft" open={open} onOpenChange={setOpen}>
      <Button icon={<ShopOutlined aria-hidden />} aria-expanded={open} aria-haspopup="dialog">
        {t('orderShops.button', { listed: listed.length, count: shops.length })} <DownOutlined aria-hidden />
      </Button>
    </Popover>
  );
}
