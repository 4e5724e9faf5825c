import { encryptSandboxPrintData, plainSandboxPrintData, type PrintParty, type WaybillPrintContent } from '../sandbox-print-crypto';
import type { BranchDefinition } from './demo-network';
import { seededRandom } from './seeded-random';
import type { IssuedWaybill } from './state-file';

/**
 * The label content of an issued waybill: recipient, sender, routing (origin branch, sorting
 * code, consolidation hub, route code) and shipping option, as the carrier computes them. Routing
 * is a pure function of the destination, so the same city always sorts the same way.
 */

/** What the content is made from. */
export interface PrintContentInput {
  waybillCode: string;
  cpCode: string;
  branch: BranchDefinition;
  sender: PrintParty;
  recipient: PrintParty;
  /** Services asked for through logistics_services, by code. */
  services: Record<string, Record<string, string>>;
}

/** Province names as sorting labels use them: 浙江省 → 浙江, 广西壮族自治区 → 广西. */
function shortProvince(province: string): string {
  return province.replace(/(壮族自治区|回族自治区|维吾尔自治区|自治区|省|市)$/, '');
}

/** The label content of one waybill. */
export function buildPrintContent(input: PrintContentInput): WaybillPrintContent {
  const { province, city, district } = input.recipient.address;
  const destination = `${province}/${city}/${district}`;
  const random = seededRandom(0, `${input.cpCode}/${destination}`);
  const shortCity = city.replace(/市$/, '');
  const hubCode = `${random.int(100, 999)}${random.pick(['A', 'B', 'C', 'D'])}`;
  const serviceOption = Object.keys(input.services).includes('SVC-COD')
    ? { code: 'COD', title: '代收货款' }
    : { code: 'STANDARD_EXPRESS', title: '标准快递' };
  return {
    recipient: input.recipient,
    sender: input.sender,
    routingInfo: {
      origin: { code: input.branch.code, name: input.branch.name },
      sortation: { name: `${shortProvince(province)} ${shortCity}${district ? ` ${district.replace(/(新区|区|县|市)$/, '')}` : ''}` },
      consolidation: { code: hubCode, name: `${shortCity}转运中心` },
      routeCode: `${hubCode}-${random.int(100, 999)}-${random.int(100, 999)}`,
    },
    shippingOption: { ...serviceOption, services: input.services },
    waybillCode: input.waybillCode,
  };
}

/**
 * print_data of an issued waybill as the JSON string the gateway returns: encrypted (with the
 * recipient the platform decrypted) or plain (the recipient as the caller sent it).
 */
export function printDataString(waybill: IssuedWaybill, encrypted: boolean): string {
  if (!encrypted) return JSON.stringify(plainSandboxPrintData(waybill.content, waybill.templateUrl));
  return JSON.stringify(encryptSandboxPrintData({ ...waybill.content, recipient: waybill.decryptedRecipient }, waybill.templateUrl));
}
