import { Button, Modal, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { overlayContainer } from '../app/overlay-container';
import type { OrderView } from '../orders/order-view';
import { ShopTag } from '../shops/shop-tag';
import type { ScanShopQuestion } from './use-scan-handling';
import './scan-panel.css';

/** Props of the shop question. */
export interface ScanShopDialogProps {
  question: ScanShopQuestion;
  onChoose: (order: OrderView) => void;
  onCancel: () => void;
}

/**
 * "Which shop?" after a scanned order number that several loaded shops sold: one big button per
 * shop, keys 1…n choose, Esc leaves the scan undone. Nothing is selected or issued before.
 */
export function ScanShopDialog({ question, onChoose, onCancel }: ScanShopDialogProps) {
  const { t } = useTranslation();
  const first = useRef<HTMLButtonElement>(null);
  const choose = useRef(onChoose);
  useEffect(() => {
    choose.current = onChoose;
  });
  useEffect(() => {
    first.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.isComposing || event.ctrlKey || event.altKey || event.metaKey || !/^[1-9]$/.test(event.key)) return;
      const order = question.orders[Number(event.key) - 1];
      if (!order) return;
      event.preventDefault();
      choose.current(order);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [question]);

  return (
    <Modal
      open
      title={t('scan.chooseShop.title', { orderNumber: question.orderNumber })}
      onCancel={onCancel}
      footer={<Button onClick={onCancel}>{t('scan.chooseShop.cancel')} <kbd>Esc</kbd></Button>}
      scrollLock={false}
      getContainer={overlayContainer}
      width={520}
    >
      <Typography.Paragraph>{t('scan.chooseShop.intro', { count: question.orders.length })}</Typography.Paragraph>
      <div className="scan-shop-choice" role="group" aria-label={t('scan.chooseShop.shops')}>
        {question.orders.map((order, index) => (
          <Button key={order.key} ref={index === 0 ? first : undefined} size="large" block onClick={() => onChoose(order)} className="scan-shop-choice__shop">
            <kbd>{index + 1}</kbd>
            {order.shop ? <ShopTag shop={order.shop} /> : order.ref.shopId}
            <span className="scan-shop-choice__nick">{order.shop?.sellerNick ?? ''}</span>
          </Button>
        ))}
      </div>
    </Modal>
  );
}
