import { ClearOutlined, FilterOutlined, SearchOutlined } from '@ant-design/icons';
import { Badge, Button, Checkbox, Input, Popover, Segmented, Select } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SELLER_FLAGS, type SellerFlagValue } from '../../../shared/domain/seller-flags';
import { useUi } from '../app/ui-store-context';
import { FlagLabel } from './flag-label';
import type { OrderListingShop } from '../../../shared/domain/order-row';
import { hasLocalFilters, orderStatusesOf, PROGRESS_FILTERS, provincesOf, shopsOf, type ProgressFilter } from './order-filters';
import type { OrderView } from './order-view';
import { useOrderStatusNameAcross } from './use-order-status-names';
import { useHeldBackStatuses } from './use-held-back-statuses';

/** The element id of the search field (F3 and Ctrl+F focus it). */
export const ORDER_SEARCH_ID = 'order-search';

// Each control reads only its own filter, so a keystroke in the search box renders the search
// box and the table, not every drop-down.

function SearchFilter() {
  const { t } = useTranslation();
  const text = useUi((state) => state.localFilters.text);
  const setFilters = useUi((state) => state.setLocalFilters);
  return (
    <Input
      id={ORDER_SEARCH_ID}
      allowClear
      prefix={<SearchOutlined aria-hidden />}
      aria-label={t('localFilters.search')}
      placeholder={t('localFilters.searchPlaceholder')}
      value={text}
      onChange={(event) => setFilters({ text: event.target.value })}
      className="desk-local-filters__search"
    />
  );
}

function FlagFilter() {
  const { t } = useTranslation();
  const flags = useUi((state) => state.localFilters.flags);
  const setFilters = useUi((state) => state.setLocalFilters);
  return (
    <Select<SellerFlagValue[]>
      mode="multiple"
      aria-label={t('localFilters.flags')}
      placeholder={t('localFilters.flags')}
      allowClear
      maxTagCount="responsive"
      value={[...flags]}
      onChange={(chosen) => setFilters({ flags: chosen })}
      optionFilterProp="name"
      options={SELLER_FLAGS.map((flag) => ({ value: flag.value, name: t(`flags.${flag.value}`), label: <FlagLabel value={flag.value} /> }))}
      className="desk-local-filters__flags"
    />
  );
}

function ProgressFilterChoice() {
  const { t } = useTranslation();
  const progress = useUi((state) => state.localFilters.progress);
  const setFilters = useUi((state) => state.setLocalFilters);
  return (
    <Segmented<ProgressFilter>
      aria-label={t('localFilters.progress')}
      value={progress}
      onChange={(chosen) => setFilters({ progress: chosen })}
      options={PROGRESS_FILTERS.map((value) => ({ value, label: t(`localFilters.progressOption.${value}`) }))}
    />
  );
}

function ProvinceFilter({ views }: { views: readonly OrderView[] }) {
  const { t } = useTranslation();
  const province = useUi((state) => state.localFilters.province);
  const setFilters = useUi((state) => state.setLocalFilters);
  const provinces = useMemo(() => provincesOf(views), [views]);
  return (
    <Select<string | null>
      showSearch
      allowClear
      aria-label={t('localFilters.province')}
      placeholder={t('localFilters.province')}
      value={province}
      onChange={(chosen) => setFilters({ province: chosen ?? null })}
      options={provinces.map((entry) => ({ value: entry.province, label: `${entry.province} (${entry.count})` }))}
      className="desk-local-filters__province"
    />
  );
}

/** The loaded shops with how many orders each has: offered only while the table loads several shops. */
function ShopFilter({ views, shops }: { views: readonly OrderView[]; shops: readonly OrderListingShop[] }) {
  const { t } = useTranslation();
  const chosen = useUi((state) => state.localFilters.shops);
  const setFilters = useUi((state) => state.setLocalFilters);
  const counts = useMemo(() => shopsOf(views, shops), [views, shops]);
  if (counts.length < 2) return null;
  return (
    <Select<string[]>
      mode="multiple"
      allowClear
      aria-label={t('localFilters.shop')}
      placeholder={t('localFilters.shop')}
      maxTagCount="responsive"
      value={[...chosen]}
      onChange={(values) => setFilters({ shops: values })}
      optionFilterProp="name"
      options={counts.map(({ shop, count }) => ({ value: shop.shopId, name: shop.name, label: t('localFilters.shopOption', { shop: shop.name, count }) }))}
      className="desk-local-filters__shops"
    />
  );
}

/** No order status sent: the filter's value for it (a Select value cannot be null). */
const NO_STATUS = 'none';

/**
 * The gateway's order_status with the count of loaded orders per value: the spec gives the
 * numbers no meanings, so each shows the name the desk gave it in Settings (held-back ones marked).
 */
function OrderStatusFilter({ views }: { views: readonly OrderView[] }) {
  const { t } = useTranslation();
  const shopIds = useMemo(() => [...new Set(views.map((view) => view.row.shopId))], [views]);
  const nameOf = useOrderStatusNameAcross(shopIds);
  const heldBack = useHeldBackStatuses();
  const chosen = useUi((state) => state.localFilters.orderStatuses);
  const setFilters = useUi((state) => state.setLocalFilters);
  const statuses = useMemo(() => orderStatusesOf(views), [views]);
  const label = (status: number | null, count: number) => {
    if (status === null) return t('localFilters.orderStatusNone', { count });
    const name = nameOf(status);
    const held = heldBack.has(status);
    return name === null
      ? t(held ? 'localFilters.orderStatusHeld' : 'localFilters.orderStatusOption', { status, count })
      : t(held ? 'localFilters.orderStatusNamedHeld' : 'localFilters.orderStatusNamed', { name, status, count });
  };
  return (
    <Select<string[]>
      mode="multiple"
      allowClear
      aria-label={t('localFilters.orderStatus')}
      placeholder={t('localFilters.orderStatus')}
      maxTagCount="responsive"
      value={chosen.map((status) => (status === null ? NO_STATUS : String(status)))}
      onChange={(values) => setFilters({ orderStatuses: values.map((value) => (value === NO_STATUS ? null : Number(value))) })}
      options={statuses.map(({ status, count }) => ({ value: status === null ? NO_STATUS : String(status), label: label(status, count) }))}
      className="desk-local-filters__order-status"
    />
  );
}

function UrgentFilter() {
  const { t } = useTranslation();
  const urgentOnly = useUi((state) => state.localFilters.urgentOnly);
  const setFilters = useUi((state) => state.setLocalFilters);
  return (
    <Checkbox checked={urgentOnly} onChange={(event) => setFilters({ urgentOnly: event.target.checked })} className="desk-local-filters__urgent">
      {t('localFilters.urgentOnly')}
    </Checkbox>
  );
}

function ClearFilters() {
  const { t } = useTranslation();
  const active = useUi((state) => hasLocalFilters(state.localFilters));
  const clearFilters = useUi((state) => state.clearLocalFilters);
  return (
    // Where the line is short (English at 1366 px) the word folds away: the icon and F4 stay, the word in the tooltip and the name.
    <Button icon={<ClearOutlined aria-hidden />} disabled={!active} onClick={clearFilters} title={t('localFilters.clear')}>
      <span className="desk-word-when-wide">{t('localFilters.clear')}</span> <kbd>F4</kbd>
    </Button>
  );
}

/**
 * The filters with lists (shop, flags, province, order status) and urgent, folded behind one
 * button that counts the active ones, so the table keeps the screen. The popover opens inside
 * the filters' region, so its controls belong to it.
 */
function MoreFilters({ views, shops, container }: { views: readonly OrderView[]; shops: readonly OrderListingShop[]; container: () => HTMLElement }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const active = useUi(
    ({ localFilters }) =>
      (localFilters.shops.length > 0 ? 1 : 0) +
      (localFilters.flags.length > 0 ? 1 : 0) +
      (localFilters.province === null ? 0 : 1) +
      (localFilters.orderStatuses.length > 0 ? 1 : 0) +
      (localFilters.urgentOnly ? 1 : 0),
  );
  const content = (
    <div className="desk-local-filters__more">
      <ShopFilter views={views} shops={shops} />
      <FlagFilter />
      <ProvinceFilter views={views} />
      <OrderStatusFilter views={views} />
      <UrgentFilter />
    </div>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomLeft" open={open} onOpenChange={setOpen} getPopupContainer={container}>
      <Badge count={active} size="small">
        <Button icon={<FilterOutlined aria-hidden />} aria-expanded={open} aria-haspopup="dialog">
          {t('localFilters.more')}
        </Button>
      </Badge>
    </Popover>
  );
}

/**
 * Filters on the orders already loaded — text and issued/printed state in view; shop (several
 * loaded), flag, province, order status and urgent behind "More filters" — in every edition,
 * applied as you type. F4 clears them all.
 */
export function LocalFilters({ views, shops }: { views: readonly OrderView[]; shops: readonly OrderListingShop[] }) {
  const { t } = useTranslation();
  const region = useRef<HTMLElement>(null);
  return (
    <section ref={region} className="desk-local-filters" aria-label={t('localFilters.label')}>
      <SearchFilter />
      <ProgressFilterChoice />
      <MoreFilters views={views} shops={shops} container={() => region.current ?? document.body} />
      <ClearFilters />
    </section>
  );
}
