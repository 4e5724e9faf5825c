/**
 * Carriers (`cp_code` / `wp_code`) as collected from the public platform documentation the gateway
 * wraps. These are facts from public sources, not guarantees: they live here, in one place, so
 * that they can be corrected.
 */

/** Carrier business type (`wp_type` in the network-info answer). */
export type CarrierBusinessType = 1 | 2 | 3 | 4;

/** What each `wp_type` value means, in Chinese and English. */
export const CARRIER_BUSINESS_TYPES: Readonly<Record<CarrierBusinessType, { zh: string; en: string }>> = {
  1: { zh: '直营', en: 'direct-operated' },
  2: { zh: '加盟', en: 'franchise' },
  3: { zh: '落地配', en: 'last-mile' },
  4: { zh: '直营带网点', en: 'direct-operated with branches' },
};

/**
 * The shape of a carrier's waybill numbers: one of the prefixes, then a run of characters whose
 * length lies in `length` (inclusive). A heuristic for display and sanity checks, never a reason
 * to reject a number the gateway returned.
 */
export interface WaybillNumberShape {
  prefixes: readonly string[];
  length: { min: number; max: number };
  characters: 'digits' | 'letters-and-digits';
}

/** One carrier: its code, names and the usual shape of its waybill numbers. */
export interface Carrier {
  code: string;
  nameZh: string;
  nameEn: string;
  /** The business type the carrier usually reports; the network-info answer is authoritative. */
  businessType: CarrierBusinessType;
  /** Null where no public shape is known. */
  waybillNumber: WaybillNumberShape | null;
  /**
   * Whether the carrier takes several parcels of one order on one ticket (一单多包,
   * `multi_packages_shipment`). Where false the station never plans more than one parcel per order:
   * the gateway would refuse the second as a duplicate order.
   */
  multiPackages: boolean;
}

const digits = (prefixes: readonly string[], min: number, max = min): WaybillNumberShape => ({
  prefixes,
  length: { min, max },
  characters: 'digits',
});

/** The carriers the app knows by code, with zh/en names and waybill-number shapes. */
export const CARRIERS: readonly Carrier[] = [
  { code: 'YTO', nameZh: '圆通速递', nameEn: 'YTO Express', businessType: 2, waybillNumber: digits(['YT'], 13), multiPackages: true },
  // ZTO's older numbers have 12 digits after the 7.
  { code: 'ZTO', nameZh: '中通快递', nameEn: 'ZTO Express', businessType: 2, waybillNumber: digits(['7'], 12, 13), multiPackages: true },
  { code: 'STO', nameZh: '申通快递', nameEn: 'STO Express', businessType: 2, waybillNumber: digits(['77'], 13), multiPackages: false },
  { code: 'YUNDA', nameZh: '韵达快递', nameEn: 'Yunda Express', businessType: 2, waybillNumber: digits(['31', '43', '46'], 11, 13), multiPackages: false },
  { code: 'SF', nameZh: '顺丰速运', nameEn: 'SF Express', businessType: 1, waybillNumber: digits(['SF'], 13), multiPackages: true },
  { code: 'EMS', nameZh: '中国邮政EMS', nameEn: 'China Post EMS', businessType: 1, waybillNumber: digits(['9'], 12), multiPackages: true },
  { code: 'POSTB', nameZh: '邮政快递包裹', nameEn: 'China Post parcel', businessType: 1, waybillNumber: digits(['9'], 12), multiPackages: false },
  { code: 'HTKY', nameZh: '极兔速递 (原百世)', nameEn: 'J&T Express (formerly Best)', businessType: 2, waybillNumber: digits(['JT'], 13), multiPackages: false },
  { code: 'DBKD', nameZh: '德邦快递', nameEn: 'Deppon', businessType: 1, waybillNumber: digits(['DPK'], 12), multiPackages: true },
  {
    code: 'JD',
    nameZh: '京东快递',
    nameEn: 'JD Logistics',
    businessType: 1,
    waybillNumber: { prefixes: ['JD'], length: { min: 13, max: 15 }, characters: 'letters-and-digits' },
    multiPackages: true,
  },
  { code: 'ZJS', nameZh: '宅急送', nameEn: 'ZJS', businessType: 1, waybillNumber: null, multiPackages: false },
  { code: 'UC', nameZh: '优速快递', nameEn: 'UC Express', businessType: 2, waybillNumber: null, multiPackages: false },
];

/** The carrier with this code (codes compare case-sensitively, as the gateway sends them). */
export function findCarrier(code: string): Carrier | undefined {
  return CARRIERS.find((carrier) => carrier.code === code);
}

/** Whether the carrier takes several parcels of one order (一单多包); an unknown carrier does not. */
export function carrierTakesParcels(code: string): boolean {
  return findCarrier(code)?.multiPackages ?? false;
}

/** The carrier's name in the UI language (Chinese for zh-CN, English otherwise); the code when unknown. */
export function carrierName(code: string, language: string): string {
  const carrier = findCarrier(code);
  return carrier ? (language === 'zh-CN' ? carrier.nameZh : carrier.nameEn) : code;
}

/** A regular expression matching waybill numbers of this shape (whole string). */
export function waybillNumberPattern(shape: WaybillNumberShape): RegExp {
  const prefixes = shape.prefixes.join('|');
  const characters = shape.characters === 'digits' ? '[0-9]' : '[0-9A-Z]';
  return new RegExp(`^(?:${prefixes})${characters}{${shape.length.min},${shape.length.max}}$`);
}
