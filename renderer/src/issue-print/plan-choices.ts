import type { IssuePlan, OrderParcels, PackageMeasures } from '../../../shared/domain/issuing';
import type { ChannelInput } from '../../../shared/ipc/ipc-contract';
import type { ServiceChoice } from '../../../shared/issuing/logistics-services';

/**
 * What the plan view lets the desk change before issuing, as typed (measures as text), and the
 * `issue.plan` fields they become. The plan is asked again only when the desk applies a change,
 * so what the plan shows is always what will be issued.
 */

/** A package's weight and volume as typed ('' for none). */
export interface MeasuresDraft {
  weightG: string;
  volumeMl: string;
}

/**
 * An order's parcels as chosen (一单多包): `count` 1 is an ordinary order. `split` (拆单): the goods
 * count of each parcel (null where its input was emptied: sent as 0, which the issue rules name);
 * null for the order's goods on every parcel.
 */
export interface ParcelsDraft {
  count: number;
  split: (number | null)[] | null;
}

/** The plan's editable choices. */
export interface PlanChoicesDraft {
  /** Service code → ticked, and the job's values per attribute. */
  services: Record<string, { on: boolean; values: Record<string, string> }>;
  /** Shop order key → service code → attribute → that order's own value ('' keeps the job's). */
  serviceValuesByOrder: Record<string, Record<string, Record<string, string>>>;
  measures: MeasuresDraft;
  /** Shop order key → its own measures ('' keeps the job's). */
  measuresByOrder: Record<string, MeasuresDraft>;
  /** Shop order key → its parcels (absent: one parcel). */
  parcelsByOrder: Record<string, ParcelsDraft>;
  pickUp: { on: boolean; start: string; end: string };
  /** Shop order keys of the held-back orders confirmed. */
  confirmedHeldBack: string[];
  /** The order status of each confirmed order, by shop order key (it leaves the plan's held-back list once confirmed, and stays shown). */
  heldBackStatuses: Record<string, number>;
}

/** The fields of an `issue.plan` request these choices set. */
export type PlanChoiceFields = Omit<ChannelInput<'issue.plan'>, 'orders' | 'merge' | 'keepApart'>;

const measureText = (value: number | null): string => (value === null ? '' : String(value));

/** A measure as typed: null when empty; anything else as the number it says (NaN for text, which the issue rules name). */
export const measureValue = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

/** The draft a plan starts from: its services and measures as main resolved them from Settings. */
export function draftFromPlan(plan: IssuePlan): PlanChoicesDraft {
  const pickUp = plan.options.doorPickUp;
  return {
    services: Object.fromEntries(plan.services.chosen.map((choice) => [choice.code, { on: true, values: { ...choice.values } }])),
    serviceValuesByOrder: {},
    measures: { weightG: measureText(plan.options.packageMeasures.weightG), volumeMl: measureText(plan.options.packageMeasures.volumeMl) },
    measuresByOrder: {},
    parcelsByOrder: {},
    pickUp: { on: pickUp !== null, start: pickUp?.start ?? '', end: pickUp?.end ?? '' },
    confirmedHeldBack: [],
    heldBackStatuses: {},
  };
}

/** `datetime-local` text (`2026-11-25T14:00`) as the gateway's time (`2026-11-25 14:00:00`); other text as typed. */
export function gatewayTimeOf(text: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::(\d{2}))?$/.exec(text);
  return match ? `${match[1]} ${match[2]}:${match[3] ?? '00'}` : text;
}

/** The gateway's time as `datetime-local` text. */
export function localInputOf(text: string): string {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}):\d{2}$/.exec(text);
  return match ? `${match[1]}T${match[2]}` : text;
}

function measuresOf(draft: MeasuresDraft): PackageMeasures {
  return { weightG: measureValue(draft.weightG), volumeMl: measureValue(draft.volumeMl) };
}

/** The `issue.plan` fields of a draft: only ticked services, only the per-order values that were typed. */
export function planFieldsOf(draft: PlanChoicesDraft): PlanChoiceFields {
  const services: ServiceChoice[] = Object.entries(draft.services)
    .filter(([, service]) => service.on)
    .map(([code, service]) => ({ code, values: service.values }));
  const serviceValuesByOrder = Object.fromEntries(
    Object.entries(draft.serviceValuesByOrder).flatMap(([orderKey, byService]) => {
      const typed = Object.fromEntries(
        Object.entries(byService).flatMap(([code, values]) => {
          const kept = Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
          return Object.keys(kept).length > 0 ? [[code, kept]] : [];
        }),
      );
      return Object.keys(typed).length > 0 ? [[orderKey, typed]] : [];
    }),
  );
  const packageMeasuresByOrder = Object.fromEntries(
    Object.entries(draft.measuresByOrder).flatMap(([orderKey, measures]) =>
      measures.weightG.trim() === '' && measures.volumeMl.trim() === '' ? [] : [[orderKey, { ...measuresOf(draft.measures), ...withoutEmpty(measures) }]],
    ),
  );
  const parcelsByOrder = Object.fromEntries(
    Object.entries(draft.parcelsByOrder).flatMap(([orderKey, parcels]): [string, OrderParcels][] =>
      parcels.count > 1 ? [[orderKey, { count: parcels.count, split: parcels.split?.map((count) => count ?? 0) ?? null }]] : [],
    ),
  );
  return {
    services,
    serviceValuesByOrder,
    packageMeasures: measuresOf(draft.measures),
    packageMeasuresByOrder,
    parcelsByOrder,
    doorPickUp: draft.pickUp.on ? { start: gatewayTimeOf(draft.pickUp.start), end: gatewayTimeOf(draft.pickUp.end) } : null,
    confirmedHeldBack: draft.confirmedHeldBack,
  };
}

/** Whether an order of this many goods can be split (拆单) over this many parcels: each gets at least one. */
export function canSplit(goodsCount: number | null, parcels: number): goodsCount is number {
  return goodsCount !== null && goodsCount >= 2 && parcels > 1 && parcels <= goodsCount;
}

/** The order's goods shared as evenly as possible over the parcels, the first ones taking what is left over (5 over 3: 2, 2, 1). */
export function shareGoods(goodsCount: number, parcels: number): number[] {
  const each = Math.floor(goodsCount / parcels);
  return Array.from({ length: parcels }, (_, index) => each + (index < goodsCount % parcels ? 1 : 0));
}

/** The parcels with another count: a split is shared out afresh (the old one no longer fits), and dropped where it cannot be. */
export function withParcelCount(parcels: ParcelsDraft | undefined, count: number, goodsCount: number | null): ParcelsDraft {
  return { count, split: parcels?.split && canSplit(goodsCount, count) ? shareGoods(goodsCount, count) : null };
}

/** The parcels split (each parcel its even share of the goods, to be adjusted) or not. */
export function withSplit(parcels: ParcelsDraft, split: boolean, goodsCount: number | null): ParcelsDraft {
  return { ...parcels, split: split && canSplit(goodsCount, parcels.count) ? shareGoods(goodsCount, parcels.count) : null };
}

/** An order's own measures: only those typed replace the job's. */
function withoutEmpty(measures: MeasuresDraft): Partial<PackageMeasures> {
  return {
    ...(measures.weightG.trim() === '' ? {} : { weightG: measureValue(measures.weightG) }),
    ...(measures.volumeMl.trim() === '' ? {} : { volumeMl: measureValue(measures.volumeMl) }),
  };
}
