import { Alert, Checkbox, Collapse, Input, InputNumber, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { carrierName, carrierTakesParcels } from '../../../shared/domain/carriers';
import type { IssuePlan } from '../../../shared/domain/issuing';
import type { BranchService } from '../../../shared/domain/network';
import { shopOrderKey, shopOrderOfKey, type ShopOrderRef } from '../../../shared/domain/shop-order';
import { PARCEL_LIMITS } from '../../../shared/issuing/order-parcels';
import { useSettingsQuery } from '../bridge/station-queries';
import { ServiceValueInput } from '../logistics-services/service-value-input';
import { useOrdersListing } from '../orders/use-orders';
import { isValidMeasure } from '../settings/issue-defaults-form';
import type { MeasuresDraft, ParcelsDraft, PlanChoicesDraft } from './plan-choices';
import { canSplit, localInputOf, gatewayTimeOf, withParcelCount, withSplit } from './plan-choices';
import { PlainTable } from './plain-table';
import { useOrderStatusText } from '../orders/use-order-status-names';
import './plan-options.css';

/** Props shared by the plan's option panels. */
export interface PlanOptionsProps {
  plan: IssuePlan;
  draft: PlanChoicesDraft;
  onChange: (draft: PlanChoicesDraft) => void;
}

/** Whether every typed measure of a draft is one the plan can take. */
export function draftMeasuresValid(draft: PlanChoicesDraft): boolean {
  return [draft.measures, ...Object.values(draft.measuresByOrder)].every((measures) => isValidMeasure(measures.weightG) && isValidMeasure(measures.volumeMl));
}

/** Weight and volume inputs, with the problem shown in place. */
function MeasureInputs({ measures, onChange, labelPrefix, size }: { measures: MeasuresDraft; onChange: (measures: MeasuresDraft) => void; labelPrefix: string; size: 'small' | 'middle' }) {
  const { t } = useTranslation();
  const input = (field: keyof MeasuresDraft, unit: string, label: string) => (
    <Input
      size={size}
      aria-label={`${labelPrefix}${label}`}
      value={measures[field]}
      status={isValidMeasure(measures[field]) ? undefined : 'error'}
      onChange={(event) => onChange({ ...measures, [field]: event.target.value })}
      inputMode="decimal"
      suffix={unit}
      className="plan-options__measure"
    />
  );
  return (
    <Space size="small">
      {input('weightG', t('issuePrint.options.grams'), t('issuePrint.options.weight'))}
      {input('volumeMl', t('issuePrint.options.millilitres'), t('issuePrint.options.volume'))}
    </Space>
  );
}

/** The branch's services: required ones ticked for good; each with its attribute values. */
function ServicesPanel({ plan, draft, onChange }: PlanOptionsProps) {
  const { t } = useTranslation();
  const offered = plan.services.offered;
  if (offered === null) return <Typography.Text type="secondary">{t('issuePrint.options.servicesUnknown')}</Typography.Text>;
  if (offered.length === 0) return <Typography.Text type="secondary">{t('issuePrint.options.noServices')}</Typography.Text>;
  const setService = (service: BranchService, change: Partial<{ on: boolean; values: Record<string, string> }>) => {
    const current = draft.services[service.code] ?? { on: false, values: {} };
    onChange({ ...draft, services: { ...draft.services, [service.code]: { ...current, ...change } } });
  };
  return (
    <Space orientation="vertical" size="small" aria-label={t('issuePrint.options.services')} role="group">
      {offered.map((service) => {
        const chosen = draft.services[service.code];
        return (
          <Space key={service.code} wrap size="small">
            <Checkbox checked={service.required || chosen?.on === true} disabled={service.required} onChange={(event) => setService(service, { on: event.target.checked })}>
              {service.name || service.code}
            </Checkbox>
            {service.required ? <Tag color="orange">{t('issuePrint.options.required')}</Tag> : null}
            {service.attributes.map((attribute) => (
              <ServiceValueInput
                key={attribute.code}
                size="small"
                label={`${service.name} ${attribute.name}`}
                attribute={attribute}
                value={chosen?.values[attribute.code] ?? ''}
                onChange={(value) => setService(service, { on: true, values: { ...(chosen?.values ?? {}), [attribute.code]: value } })}
              />
            ))}
            {service.description ? <Typography.Text type="secondary">{service.description}</Typography.Text> : null}
          </Space>
        );
      })}
      {/* A default from Settings that this branch does not offer: shown, so that it can be unticked. */}
      {Object.entries(draft.services)
        .filter(([code, service]) => service.on && !offered.some((candidate) => candidate.code === code))
        .map(([code, service]) => (
          <Space key={code} wrap size="small">
            <Checkbox checked onChange={() => onChange({ ...draft, services: { ...draft.services, [code]: { ...service, on: false } } })}>
              {code}
            </Checkbox>
            <Tag color="red">{t('issuePrint.options.notOffered')}</Tag>
          </Space>
        ))}
    </Space>
  );
}

/** Props of an order's parcels input. */
interface ParcelsInputProps {
  orderNumber: string;
  parcels: ParcelsDraft | undefined;
  /** The order's goods count (null when the gateway sent none: no split). */
  goodsCount: number | null;
  /** The job's carrier does not take several parcels of one order. */
  disabled: boolean;
  onChange: (parcels: ParcelsDraft) => void;
}

/** An order's parcels (一单多包): how many, with − and + big enough for the desk; split (拆单), how many of its goods go in each. */
function ParcelsInput({ orderNumber, parcels, goodsCount, disabled, onChange }: ParcelsInputProps) {
  const { t } = useTranslation();
  const count = parcels?.count ?? 1;
  const split = parcels?.split ?? null;
  const total = split?.reduce<number>((sum, goods) => sum + (goods ?? 0), 0) ?? 0;
  const splittable = canSplit(goodsCount, count);
  return (
    <Space orientation="vertical" size={4}>
      <InputNumber
        mode="spinner"
        min={1}
        max={PARCEL_LIMITS.max}
        precision={0}
        value={count}
        disabled={disabled}
        aria-label={`${orderNumber} ${t('issuePrint.options.parcels')}`}
        onChange={(value) => {
          // An emptied input keeps the count (shown again on blur): retyping it drops no split on the way.
          if (value !== null) onChange(withParcelCount(parcels, value, goodsCount));
        }}
        className="plan-options__parcels"
      />
      {count > 1 && goodsCount !== null && goodsCount >= 2 ? (
        <Tooltip title={splittable ? undefined : t('issuePrint.options.splitTooFew', { count: goodsCount })}>
          <Checkbox checked={split !== null} disabled={disabled || !splittable} onChange={(event) => onChange(withSplit({ count, split }, event.target.checked, goodsCount))}>
            {t('issuePrint.options.split')}
          </Checkbox>
        </Tooltip>
      ) : null}
      {split ? (
        <Space wrap size={4}>
          {split.map((goods, index) => (
            <InputNumber
              key={index}
              size="small"
              min={1}
              max={goodsCount ?? undefined}
              precision={0}
              prefix={<Typography.Text type="secondary">#{index + 1}</Typography.Text>}
              value={goods}
              disabled={disabled}
              aria-label={t('issuePrint.options.splitParcel', { orderNumber, parcel: index + 1 })}
              onChange={(value) => onChange({ count, split: split.map((before, at) => (at === index ? value : before)) })}
              className="plan-options__split"
            />
          ))}
          <Typography.Text type={total === goodsCount ? 'secondary' : 'danger'}>{t('issuePrint.options.splitTotal', { total, goodsCount })}</Typography.Text>
        </Space>
      ) : null}
    </Space>
  );
}

/** Each listed order's goods count by shop order key, from the orders cache the desk shows (a split shares these out). */
function useGoodsCounts(): ReadonlyMap<string, number | null> {
  const rows = useOrdersListing().listing.data?.rows;
  return useMemo(() => new Map((rows ?? []).map((row) => [shopOrderKey({ shopId: row.shopId, orderNumber: row.order.orderNumber }), row.order.goodsCount])), [rows]);
}

/** Each order's own weight, volume, parcels and service values (empty keeps the job's). */
function PerOrderValues({ plan, draft, onChange }: PlanOptionsProps) {
  const { t, i18n } = useTranslation();
  const goodsCounts = useGoodsCounts();
  const carrierCode = useSettingsQuery().data?.settings.shipFrom.carrierCode ?? null;
  const takesParcels = carrierCode !== null && carrierTakesParcels(carrierCode);
  // What the shown plan issues: an order's several parcels are its package.
  const parcelsShown = new Map(plan.packages.filter((pkg) => pkg.parcels > 1).map((pkg) => [pkg.key, pkg.parcels]));
  const orders: ShopOrderRef[] = [
    ...plan.packages.flatMap((pkg) => pkg.orderNumbers.map((orderNumber) => ({ shopId: pkg.shopId, orderNumber }))),
    ...plan.invalid.map(({ shopId, orderNumber }) => ({ shopId, orderNumber })),
  ];
  const services = (plan.services.offered ?? []).filter((service) => service.required || draft.services[service.code]?.on);
  const empty: MeasuresDraft = { weightG: '', volumeMl: '' };
  return (
    <Space orientation="vertical" size="small" className="plan-options__body">
      {carrierCode !== null && !takesParcels ? (
        <Typography.Text type="secondary">{t('issuePrint.options.parcelsNotTaken', { carrier: carrierName(carrierCode, i18n.language) })}</Typography.Text>
      ) : null}
      <PlainTable
        label={t('issuePrint.options.perOrder')}
        rows={orders}
        rowKey={(order) => shopOrderKey(order)}
        columns={[
          {
            key: 'order',
            title: t('issuePrint.options.order'),
            render: (order) => {
              const parcels = parcelsShown.get(shopOrderKey(order));
              return (
                <Space size={4} wrap>
                  <Typography.Text code>{order.orderNumber}</Typography.Text>
                  {parcels ? <Tag color="blue">{t('issuePrint.plan.parcelsTag', { parcels })}</Tag> : null}
                </Space>
              );
            },
          },
          {
            key: 'parcels',
            title: t('issuePrint.options.parcels'),
            render: (order) => {
              const key = shopOrderKey(order);
              return (
                <ParcelsInput
                  orderNumber={order.orderNumber}
                  parcels={draft.parcelsByOrder[key]}
                  goodsCount={goodsCounts.get(key) ?? null}
                  disabled={!takesParcels}
                  onChange={(parcels) => onChange({ ...draft, parcelsByOrder: { ...draft.parcelsByOrder, [key]: parcels } })}
                />
              );
            },
          },
          {
            key: 'measures',
            title: `${t('issuePrint.options.weight')} / ${t('issuePrint.options.volume')}`,
            render: (order) => (
              <MeasureInputs
                size="small"
                labelPrefix={`${order.orderNumber} `}
                measures={draft.measuresByOrder[shopOrderKey(order)] ?? empty}
                onChange={(measures) => onChange({ ...draft, measuresByOrder: { ...draft.measuresByOrder, [shopOrderKey(order)]: measures } })}
              />
            ),
          },
          ...services.flatMap((service) =>
            service.attributes.map((attribute) => ({
              key: `${service.code}.${attribute.code}`,
              title: `${service.name} · ${attribute.name}`,
              render: (order: ShopOrderRef) => {
                const key = shopOrderKey(order);
                const own = draft.serviceValuesByOrder[key] ?? {};
                return (
                  <ServiceValueInput
                    size="small"
                    label={`${order.orderNumber} ${service.name} ${attribute.name}`}
                    attribute={attribute}
                    value={own[service.code]?.[attribute.code] ?? ''}
                    onChange={(value) =>
                      onChange({
                        ...draft,
                        serviceValuesByOrder: { ...draft.serviceValuesByOrder, [key]: { ...own, [service.code]: { ...(own[service.code] ?? {}), [attribute.code]: value } } },
                      })
                    }
                  />
                );
              },
            })),
          ),
        ]}
      />
    </Space>
  );
}

/** The pickup booking: off, or a window the carrier comes in. */
function PickUpPanel({ draft, onChange }: Omit<PlanOptionsProps, 'plan'>) {
  const { t } = useTranslation();
  const pickUp = draft.pickUp;
  const set = (change: Partial<PlanChoicesDraft['pickUp']>) => onChange({ ...draft, pickUp: { ...pickUp, ...change } });
  return (
    <Space wrap size="small">
      <Switch checked={pickUp.on} onChange={(on) => set({ on })} aria-label={t('issuePrint.options.pickUp')} />
      <span>{t('issuePrint.options.pickUp')}</span>
      {pickUp.on ? (
        <>
          <Input size="small" type="datetime-local" aria-label={t('issuePrint.options.pickUpStart')} value={localInputOf(pickUp.start)} onChange={(event) => set({ start: gatewayTimeOf(event.target.value) })} className="plan-options__time" />
          <span>–</span>
          <Input size="small" type="datetime-local" aria-label={t('issuePrint.options.pickUpEnd')} value={localInputOf(pickUp.end)} onChange={(event) => set({ end: gatewayTimeOf(event.target.value) })} className="plan-options__time" />
        </>
      ) : null}
    </Space>
  );
}

/**
 * The plan's options in one folded block, compact for a 1366×768 desk: the branch's services,
 * the package's weight and volume, the pickup booking, each order's own values, and what the job
 * sends from Settings (monthly card, brand).
 */
export function PlanOptions(props: PlanOptionsProps) {
  const { t } = useTranslation();
  const { plan, draft, onChange } = props;
  // Orders given several parcels keep their controls in view while the plan is made again.
  const severalParcels = Object.values(draft.parcelsByOrder).some((parcels) => parcels.count > 1);
  const chosen = plan.services.chosen.map((choice) => plan.services.offered?.find((service) => service.code === choice.code)?.name ?? choice.code);
  const summary = [
    chosen.length > 0 ? chosen.join('、') : t('issuePrint.options.noServiceChosen'),
    plan.options.packageMeasures.weightG !== null ? `${plan.options.packageMeasures.weightG} g` : null,
    plan.options.customerCode ? t('issuePrint.options.customerCode', { code: plan.options.customerCode }) : null,
    plan.options.doorPickUp ? t('issuePrint.options.pickUpSummary', { start: plan.options.doorPickUp.start, end: plan.options.doorPickUp.end }) : null,
  ].filter((part): part is string => part !== null);
  return (
    <Collapse
      size="small"
      className="plan-options"
      defaultActiveKey={severalParcels ? ['options'] : undefined}
      items={[
        {
          key: 'options',
          label: `${t('issuePrint.options.title')}: ${summary.join(' · ')}`,
          children: (
            <Space orientation="vertical" size="small" className="plan-options__body">
              <Typography.Text strong>{t('issuePrint.options.services')}</Typography.Text>
              <ServicesPanel {...props} />
              <Space wrap size="small">
                <Typography.Text strong>{t('issuePrint.options.package')}</Typography.Text>
                <MeasureInputs size="middle" labelPrefix="" measures={draft.measures} onChange={(measures) => onChange({ ...draft, measures })} />
              </Space>
              <PickUpPanel draft={draft} onChange={onChange} />
              {plan.options.brandCode ? <Typography.Text type="secondary">{t('issuePrint.options.brandCode', { code: plan.options.brandCode })}</Typography.Text> : null}
              <Collapse size="small" defaultActiveKey={severalParcels ? ['per-order'] : undefined} items={[{ key: 'per-order', label: t('issuePrint.options.perOrder'), children: <PerOrderValues {...props} /> }]} />
            </Space>
          ),
        },
      ]}
    />
  );
}

/** Orders of a held-back status (those held now and those confirmed so far): not issued unless each is confirmed. */
export function HeldBackOrders({ plan, draft, onChange }: PlanOptionsProps) {
  const { t } = useTranslation();
  const statusText = useOrderStatusText();
  const held = new Set(plan.heldBack.map(shopOrderKey));
  const orders = [
    ...plan.heldBack,
    ...draft.confirmedHeldBack.flatMap((key) => {
      const ref = held.has(key) ? null : shopOrderOfKey(key);
      return ref ? [{ ...ref, orderStatus: draft.heldBackStatuses[key] ?? 0 }] : [];
    }),
  ];
  if (orders.length === 0) return null;
  const toggle = (order: IssuePlan['heldBack'][number], on: boolean) =>
    onChange({
      ...draft,
      confirmedHeldBack: on ? [...draft.confirmedHeldBack, shopOrderKey(order)] : draft.confirmedHeldBack.filter((confirmed) => confirmed !== shopOrderKey(order)),
      heldBackStatuses: { ...draft.heldBackStatuses, [shopOrderKey(order)]: order.orderStatus },
    });
  return (
    <Alert
      type="warning"
      showIcon
      role="group"
      aria-label={t('issuePrint.options.heldBackLabel')}
      title={t('issuePrint.options.heldBack', { count: orders.length })}
      description={
        <Space orientation="vertical" size={0}>
          {orders.map((order) => (
            <Checkbox key={shopOrderKey(order)} checked={draft.confirmedHeldBack.includes(shopOrderKey(order))} onChange={(event) => toggle(order, event.target.checked)}>
              {t('issuePrint.options.confirmHeldBack', { orderNumber: order.orderNumber, status: statusText(order.shopId, order.orderStatus) })}
            </Checkbox>
          ))}
        </Space>
      }
    />
  );
}
