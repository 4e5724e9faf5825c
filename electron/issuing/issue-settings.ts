import type { DoorPickUp } from '../../shared/domain/issue-entry';
import type { IssueJobSettings, OrderParcels, PackageMeasures } from '../../shared/domain/issuing';
import type { ServiceChoice } from '../../shared/issuing/logistics-services';
import { logisticsServicesText } from '../../shared/issuing/logistics-services';
import type { Settings } from '../../shared/settings/settings-schema';
import { DEFAULT_LABEL_SIZE, EMPTY_CARRIER_ISSUE_DEFAULTS } from '../../shared/settings/settings-schema';
import { recognisePhoneNumbers } from '../../shared/validation/phone-numbers';
import { DEMO_CUSTOM_AREA_TEMPLATE_URL, DEMO_SENDER, STANDARD_TEMPLATES, standardTemplateUrl } from '../demo/sandbox';

/** The sandbox's standard template of a carrier in the label size the desk uses ('' when it has none). */
function demoTemplateUrl(carrierCode: string, size: string): string {
  const [width, height] = size.split('x').map(Number);
  const ofCarrier = STANDARD_TEMPLATES.filter((template) => template.cpCode === carrierCode);
  const template = ofCarrier.find((candidate) => candidate.widthMm === width && candidate.heightMm === height) ?? ofCarrier[0];
  return template ? standardTemplateUrl(template) : '';
}

/** What the plan chose for this job; what it leaves out comes from the carrier's defaults in Settings. */
export interface PlanChoices {
  services?: ServiceChoice[];
  serviceValuesByOrder?: Record<string, Record<string, Record<string, string>>>;
  packageMeasures?: PackageMeasures;
  packageMeasuresByOrder?: Record<string, PackageMeasures>;
  parcelsByOrder?: Record<string, OrderParcels>;
  doorPickUp?: DoorPickUp | null;
  confirmedHeldBack?: string[];
}

/** The sender's mobile and landline from the one phone text of Settings (an unrecognised text goes to `mobile`, where validation names it). */
function senderPhones(text: string, demo: boolean): { mobile: string; phone: string } {
  if (text.trim() === '') return demo ? { mobile: DEMO_SENDER.mobile, phone: DEMO_SENDER.phone } : { mobile: '', phone: '' };
  return recognisePhoneNumbers(text) ?? { mobile: text.trim(), phone: '' };
}

/**
 * How a job is issued, from the settings and the plan's choices: the ship-from choice, the
 * carrier's template, the shop's order channel, print options, the carrier's services, package
 * measures, monthly card and brand. In demo mode the sandbox's own templates (standard and custom
 * area) and demo sender fill what the desk has not set, so the whole flow works with zero typing. OS printing can
 * print only plain print data, so it always asks for unencrypted print data.
 */
export function issueSettings(settings: Settings, choices: PlanChoices = {}): IssueJobSettings {
  const { shipFrom, print, gateway, issueOptions } = settings;
  const demo = gateway.baseUrl === null;
  const carrierCode = shipFrom.carrierCode ?? '';
  const branchCode = shipFrom.branchCode ?? '';
  const address = shipFrom.senderAddress;
  const size = print.labelSizeByCarrier[carrierCode] ?? DEFAULT_LABEL_SIZE;
  const defaults = issueOptions.byCarrier[carrierCode] ?? EMPTY_CARRIER_ISSUE_DEFAULTS;
  const services = choices.services ?? defaults.services;
  return {
    carrierCode,
    branchCode,
    sender: {
      name: shipFrom.senderName || (demo ? DEMO_SENDER.name : ''),
      ...senderPhones(shipFrom.senderPhone, demo),
      address: {
        province: address?.province ?? '',
        city: address?.city ?? '',
        district: address?.district ?? '',
        town: address?.town ?? '',
        detail: address?.detail ?? '',
      },
    },
    templateUrl: print.templateUrlByCarrier[carrierCode] ?? (demo ? demoTemplateUrl(carrierCode, size) : ''),
    orderChannel: gateway.orderChannel,
    needEncrypt: print.output === 'os-printer' ? false : print.needEncrypt,
    logisticsServices: logisticsServicesText(services),
    services,
    serviceValuesByOrder: choices.serviceValuesByOrder ?? {},
    packageMeasures: choices.packageMeasures ?? { weightG: defaults.weightG, volumeMl: defaults.volumeMl },
    packageMeasuresByOrder: choices.packageMeasuresByOrder ?? {},
    // An order given one parcel is an ordinary order.
    parcelsByOrder: Object.fromEntries(Object.entries(choices.parcelsByOrder ?? {}).filter(([, parcels]) => parcels.count !== 1)),
    customerCode: defaults.customerCodeByBranch[branchCode] ?? '',
    brandCode: defaults.brandCode,
    doorPickUp: choices.doorPickUp ?? null,
    heldBackStatuses: issueOptions.heldBackOrderStatuses,
    confirmedHeldBack: choices.confirmedHeldBack ?? [],
    customAreaTemplateUrl: print.customAreaTemplateUrl ?? (demo ? DEMO_CUSTOM_AREA_TEMPLATE_URL : null),
    customAreaFields: [...settings.paperwork.customAreaFields],
    customAreaWithoutTemplate: print.output === 'os-printer',
    printer: print.printer ?? '',
    print: true,
    printOrder: 'as-selected',
    packingSlips: settings.paperwork.slipsWithLabels,
  };
}
