import { DEMO_SENDER_CONTACT } from '../../../shared/settings/settings-schema';

/**
 * The demo shop's waybill accounts: carriers, their branches (balances, services, sender
 * addresses), the standard cloud-print templates each carrier owns, and where carriers do not
 * deliver. Static definitions; the moving numbers (balances) live in the sandbox state.
 */

/** A sender (shipping) address as the network-info answer lists it. */
export interface SenderAddress {
  country: string;
  province: string;
  city: string;
  district: string;
  detail: string;
}

/** A logistics value-added service a branch offers (`service_info_cols`). */
export interface BranchService {
  code: string;
  name: string;
  desc: string;
  required: boolean;
  /** False for services the carrier only accepts one waybill at a time. */
  batchAllowed: boolean;
  attributes: ReadonlyArray<{ code: string; name: string; type: string; typeDesc: string }>;
}

/** Static definition of a branch; `initial` seeds the balances of a fresh sandbox. */
export interface BranchDefinition {
  code: string;
  name: string;
  services: readonly BranchService[];
  addresses: readonly SenderAddress[];
  initial: { quantity: number; allocated: number; cancelled: number; recycled: number };
  vasAccounts: ReadonlyArray<{ desc: string; quantity: number; allocated: number; cancelled: number; recycled: number }>;
}

/** A carrier account of the demo shop. */
export interface CarrierAccount {
  cpCode: string;
  wpType: number;
  branches: readonly BranchDefinition[];
  /** Provinces the carrier does not deliver to (614 out of coverage). */
  uncoveredProvinces: readonly string[];
}

/** A standard cloud-print template: it belongs to exactly one carrier. */
export interface StandardTemplate {
  id: string;
  cpCode: string;
  name: string;
  version: number;
  widthMm: number;
  heightMm: number;
}

/** The platform's own template host; template URLs elsewhere are rejected. */
export const TEMPLATE_HOST = 'https://cloudprint.cainiao.com';

/** The URL of a standard template, with its version, as the client should send it. */
export function standardTemplateUrl(template: StandardTemplate): string {
  return `${TEMPLATE_HOST}/template/standard/${template.id}/${template.version}`;
}

/**
 * The demo's custom-area template (自定义区域): demo labels carry the order number, goods and notes
 * as a merchant's would, instead of an empty area, with nothing to set first.
 */
export const DEMO_CUSTOM_AREA_TEMPLATE_URL = `${TEMPLATE_HOST}/template/customArea/900001/1`;

/** The standard templates the sandbox knows, per carrier (YUNDA's exist but YUNDA is not open). */
export const STANDARD_TEMPLATES: readonly StandardTemplate[] = [
  { id: '101', cpCode: 'YTO', name: '圆通标准面单 100×180', version: 3, widthMm: 100, heightMm: 180 },
  { id: '10101', cpCode: 'YTO', name: '圆通一联单 76×130', version: 1, widthMm: 76, heightMm: 130 },
  { id: '201', cpCode: 'ZTO', name: '中通标准面单 100×180', version: 5, widthMm: 100, heightMm: 180 },
  { id: '20101', cpCode: 'ZTO', name: '中通一联单 76×130', version: 2, widthMm: 76, heightMm: 130 },
  { id: '601', cpCode: 'SF', name: '顺丰标准面单 100×150', version: 7, widthMm: 100, heightMm: 150 },
  { id: '401', cpCode: 'YUNDA', name: '韵达标准面单 100×180', version: 2, widthMm: 100, heightMm: 180 },
];

const cod: BranchService = {
  code: 'SVC-COD',
  name: '代收货款',
  desc: '派件时向收件人代收货款，金额单位：元',
  required: false,
  batchAllowed: true,
  attributes: [{ code: 'value', name: '代收金额', type: 'number', typeDesc: '{"min":"1","max":"50000"}' }],
};

const insure: BranchService = {
  code: 'SVC-INSURE',
  name: '保价',
  desc: '按声明价值保价，金额单位：元',
  required: false,
  batchAllowed: true,
  attributes: [{ code: 'value', name: '保价金额', type: 'number', typeDesc: '{"min":"1","max":"30000"}' }],
};

/** 保价 as a branch that insures every parcel requires it: each waybill must carry its declared value. */
const insureRequired: BranchService = { ...insure, desc: '本网点要求每单保价，金额单位：元', required: true };

const inTime: BranchService = {
  code: 'SVC-IN-TIME',
  name: '定时派送',
  desc: '按约定时段派送，需逐单申请',
  required: false,
  batchAllowed: false,
  attributes: [{ code: 'value', name: '派送时段', type: 'enum', typeDesc: '{"1":"上午","2":"下午","3":"晚上"}' }],
};

/** The demo warehouse: several carriers pick up here. */
export const DEMO_WAREHOUSE: SenderAddress = {
  country: '中国',
  province: '浙江省',
  city: '杭州市',
  district: '余杭区',
  detail: '仓前街道文一西路1500号小满仓储中心2号库',
};

/** The demo shop's office: the ZTO branch there requires 保价 on every waybill. */
export const DEMO_OFFICE: SenderAddress = {
  country: '中国',
  province: '浙江省',
  city: '杭州市',
  district: '滨江区',
  detail: '长河街道江南大道588号恒鑫大厦1203室',
};

const xiaoshanStore: SenderAddress = {
  country: '中国',
  province: '浙江省',
  city: '杭州市',
  district: '萧山区',
  detail: '新塘街道萧绍路1088号小满家居门店',
};

/** The sender the demo shop prints on its labels (name and phones; the address is per branch). */
export const DEMO_SENDER = { ...DEMO_SENDER_CONTACT, phone: '0571-88012345' } as const;

/** The demo shop's carrier accounts. YUNDA is a known carrier whose print service is not open. */
export const DEMO_NETWORK: readonly CarrierAccount[] = [
  {
    cpCode: 'YTO',
    wpType: 2,
    uncoveredProvinces: [],
    branches: [
      {
        code: '571001',
        name: '圆通速递杭州余杭仓前网点',
        services: [cod, insure],
        addresses: [DEMO_WAREHOUSE, DEMO_OFFICE],
        initial: { quantity: 5000, allocated: 12873, cancelled: 35, recycled: 12 },
        vasAccounts: [{ desc: '代收货款', quantity: 200, allocated: 15, cancelled: 0, recycled: 0 }],
      },
      {
        // Nearly empty on purpose: the "balance insufficient" path shows in demo mode.
        code: '571058',
        name: '圆通速递杭州萧山新塘网点',
        services: [insure],
        addresses: [xiaoshanStore],
        initial: { quantity: 3, allocated: 998, cancelled: 4, recycled: 1 },
        vasAccounts: [],
      },
    ],
  },
  {
    cpCode: 'ZTO',
    wpType: 2,
    uncoveredProvinces: ['西藏自治区'],
    branches: [
      {
        code: '57112',
        name: '中通快递杭州余杭仓前分部',
        services: [cod, insure],
        addresses: [DEMO_WAREHOUSE],
        initial: { quantity: 2000, allocated: 6540, cancelled: 18, recycled: 7 },
        vasAccounts: [],
      },
      {
        // Requires 保价 on every waybill: a call without it is answered 614, as the gateway would.
        code: '57118',
        name: '中通快递杭州滨江长河分部',
        services: [insureRequired, cod],
        addresses: [DEMO_OFFICE],
        initial: { quantity: 1000, allocated: 2310, cancelled: 6, recycled: 2 },
        vasAccounts: [{ desc: '保价', quantity: 300, allocated: 40, cancelled: 0, recycled: 0 }],
      },
    ],
  },
  {
    cpCode: 'SF',
    wpType: 1,
    uncoveredProvinces: [],
    branches: [
      {
        code: '571FG',
        name: '顺丰速运杭州余杭仓前营业部',
        services: [insure, inTime],
        addresses: [DEMO_WAREHOUSE],
        initial: { quantity: 800, allocated: 1204, cancelled: 9, recycled: 0 },
        vasAccounts: [{ desc: '保价', quantity: 500, allocated: 61, cancelled: 2, recycled: 0 }],
      },
    ],
  },
];

/** The carrier account for a cp_code, or undefined when the carrier's print service is not open. */
export function carrierAccount(cpCode: string): CarrierAccount | undefined {
  return DEMO_NETWORK.find((account) => account.cpCode === cpCode);
}

/** Every branch of the network with its carrier code. */
export function allBranches(): Array<{ cpCode: string; branch: BranchDefinition }> {
  return DEMO_NETWORK.flatMap((account) => account.branches.map((branch) => ({ cpCode: account.cpCode, branch })));
}
