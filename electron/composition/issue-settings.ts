import type { IssueJobSettings } from '../../shared/domain/issuing';
import type { Settings } from '../../shared/settings/settings-schema';
import { DEFAULT_LABEL_SIZE } from '../../shared/settings/settings-schema';
import { phoneKind } from '../../shared/validation/phone-number';
import { DEMO_SENDER, STANDARD_TEMPLATES, standardTemplateUrl } from '../demo/sandbox';

/** The sandbox's standard template of a carrier in the label size the desk uses ('' when it has none). */
function demoTemplateUrl(carrierCode: string, size: string): string {
  const [width, height] = size.split('x').map(Number);
  const ofCarrier = STANDARD_TEMPLATES.filter((template) => template.cpCode === carrierCode);
  const template = ofCarrier.find((candidate) => candidate.widthMm === width && candidate.heightMm === height) ?? ofCarrier[0];
  return template ? standardTemplateUrl(template) : '';
}

/**
 * How a job is issued, from the settings: the ship-from choice, the carrier's template, the
 * shop's order channel, print options. In demo mode the sandbox's own templates and demo sender
 * fill what the desk has not set, so the whole flow works with zero typing. OS printing can
 * print only plain print data, so it always asks for unencrypted print data.
 */
export function issueSettings(settings: Settings, logisticsServices: string): IssueJobSettings {
  const { shipFrom, print, gateway } = settings;
  const demo = gateway.baseUrl === null;
  const carrierCode = shipFrom.carrierCode ?? '';
  const address = shipFrom.senderAddress;
  const size = print.labelSizeByCarrier[carrierCode] ?? DEFAULT_LABEL_SIZE;
  const senderPhone = shipFrom.senderPhone || (demo ? DEMO_SENDER.mobile : '');
  // A landline goes into the sender's phone field, a mobile into its mobile field.
  const landline = phoneKind(senderPhone) === 'landline';
  return {
    carrierCode,
    branchCode: shipFrom.branchCode ?? '',
    sender: {
      name: shipFrom.senderName || (demo ? DEMO_SENDER.name : ''),
      mobile: landline ? '' : senderPhone,
      phone: landline ? senderPhone : '',
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
    logisticsServices,
    customAreaTemplateUrl: print.customAreaTemplateUrl,
    customAreaFields: [...settings.paperwork.customAreaFields],
    customAreaWithoutTemplate: print.output === 'os-printer',
    printer: print.printer ?? '',
    print: true,
    printOrder: 'as-selected',
    packingSlips: settings.paperwork.slipsWithLabels,
  };
}
