import type { z } from 'zod';
import type { EditionName } from '../../../shared/gateway/editions';
import type { SettingsView } from '../../../shared/ipc/ipc-contract';
import {
  carrierCodeSchema,
  DEMO_GATEWAY_ACCOUNT,
  DEMO_SENDER_CONTACT,
  firstShopOf,
  gatewaySettingsSchema,
  SHOP_COLOURS,
  shopSettingsSchema,
  standardTemplateUrlSchema,
  type SettingsPatch,
  type ShipFromSettings,
  type ShopColour,
  type ShopSettings,
} from '../../../shared/settings/settings-schema';

/**
 * The setup form's values and how they become a settings change. The form checks each field
 * with the same schema main validates the settings with, so what the form accepts main saves.
 */

/** Demo mode (the embedded sandbox gateway) or a real gateway. */
export type GatewayMode = 'demo' | 'real';

/** A further shop of the account as the form holds it (its merchant user id as typed). */
export interface ShopRow {
  shopId: string;
  sellerNick: string;
  merchantUserId: string;
  name: string;
  colour: ShopColour;
}

/** One carrier's standard template address. */
export interface TemplateRow {
  carrierCode: string;
  url: string;
}

/** What the setup form holds (numbers as typed text until saved). */
export interface SetupFormValues {
  gatewayMode: GatewayMode;
  baseUrl: string;
  /** A new access token; empty keeps the stored one. */
  token: string;
  /** The account's first shop (the station's own). */
  shopId: string;
  sellerNick: string;
  merchantUserId: string;
  /** The first shop's display name (empty shows the seller nick) and colour tag. */
  shopName: string;
  shopColour: ShopColour;
  /** The account's further shops (多店铺), in order. */
  otherShops: ShopRow[];
  edition: EditionName;
  orderChannel: string;
  templates: TemplateRow[];
  /** The sender printed on every label: asked by the setup of a real gateway, so the first job does not fail on it. */
  senderName: string;
  senderPhone: string;
}

/** The form's fields checked against the settings schema. */
export type SetupField = 'baseUrl' | 'shopId' | 'sellerNick' | 'merchantUserId' | 'shopName' | 'orderChannel' | 'templateCarrier' | 'templateUrl';

/**
 * The form filled from the current settings. The demo shop's account never shows in the real
 * account's fields: choosing "Real gateway" there starts them empty, for the merchant's own.
 */
export function formValuesFromSettings(view: SettingsView): SetupFormValues {
  const { gateway, print, shipFrom } = view.settings;
  const shop = firstShopOf(gateway);
  // Only in demo mode is the account the demo shop's stand-in; against a real gateway it is the one in use.
  const demoAccount =
    gateway.baseUrl === null && shop.shopId === DEMO_GATEWAY_ACCOUNT.shopId && shop.sellerNick === DEMO_GATEWAY_ACCOUNT.sellerNick && shop.merchantUserId === DEMO_GATEWAY_ACCOUNT.merchantUserId;
  return {
    gatewayMode: gateway.baseUrl === null ? 'demo' : 'real',
    baseUrl: gateway.baseUrl ?? '',
    token: '',
    shopId: demoAccount ? '' : shop.shopId,
    sellerNick: demoAccount ? '' : shop.sellerNick,
    merchantUserId: demoAccount ? '' : String(shop.merchantUserId),
    shopName: demoAccount ? '' : shop.name,
    shopColour: demoAccount ? SHOP_COLOURS[0] : shop.colour,
    // The demo account's further shops are the sandbox's, never offered as the merchant's own.
    otherShops: gateway.baseUrl === null ? [] : gateway.shops.slice(1).map((other) => ({ ...other, merchantUserId: String(other.merchantUserId) })),
    edition: gateway.edition,
    orderChannel: gateway.orderChannel,
    templates: Object.entries(print.templateUrlByCarrier).map(([carrierCode, url]) => ({ carrierCode, url })),
    senderName: shipFrom.senderName,
    senderPhone: shipFrom.senderPhone,
  };
}

/** A typed whole number as the settings take it (the merchant user id, days, ms): the number, or NaN for anything else. */
export function wholeNumberOf(text: string): number {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
}

const fieldSchemas: Readonly<Record<SetupField, { schema: z.ZodType; read: (text: string) => unknown }>> = {
  baseUrl: { schema: gatewaySettingsSchema.shape.baseUrl, read: (text) => text.trim() },
  shopId: { schema: shopSettingsSchema.shape.shopId, read: (text) => text },
  sellerNick: { schema: shopSettingsSchema.shape.sellerNick, read: (text) => text },
  merchantUserId: { schema: shopSettingsSchema.shape.merchantUserId, read: wholeNumberOf },
  shopName: { schema: shopSettingsSchema.shape.name, read: (text) => text },
  orderChannel: { schema: gatewaySettingsSchema.shape.orderChannel, read: (text) => text },
  templateCarrier: { schema: carrierCodeSchema, read: (text) => text },
  templateUrl: { schema: standardTemplateUrlSchema, read: (text) => text.trim() },
};

/** Whether a field's text is a value main will save. */
export function isValidField(field: SetupField, text: string): boolean {
  const { schema, read } = fieldSchemas[field];
  return schema.safeParse(read(text)).success;
}

/**
 * The settings change that saves the form. Demo mode keeps the stored account fields (the
 * sandbox's demo account stands in for them); a real gateway's form sets the account's shops: the
 * first from the account fields, then the further ones listed; templates removed from the form
 * are removed; the sender goes in only when it changed.
 */
export function settingsPatchFromForm(values: SetupFormValues, stored: SettingsView): SettingsPatch {
  const real = values.gatewayMode === 'real';
  const templates = Object.fromEntries(values.templates.map((row) => [row.carrierCode, row.url.trim()]));
  const removed = Object.keys(stored.settings.print.templateUrlByCarrier).filter((carrierCode) => !(carrierCode in templates));
  const [senderName, senderPhone] = [values.senderName.trim(), values.senderPhone.trim()];
  const first: ShopSettings = {
    shopId: values.shopId,
    sellerNick: values.sellerNick,
    merchantUserId: wholeNumberOf(values.merchantUserId),
    name: values.shopName,
    colour: values.shopColour,
  };
  const others = values.otherShops.map((row): ShopSettings => ({ ...row, merchantUserId: wholeNumberOf(row.merchantUserId) }));
  return {
    gateway: {
      baseUrl: real ? values.baseUrl.trim() : null,
      ...(real ? { shops: [first, ...others] } : {}),
      edition: values.edition,
      orderChannel: values.orderChannel,
    },
    print: { templateUrlByCarrier: { ...templates, ...Object.fromEntries(removed.map((carrierCode) => [carrierCode, null])) } },
    ...(senderName === stored.settings.shipFrom.senderName && senderPhone === stored.settings.shipFrom.senderPhone ? {} : { shipFrom: { senderName, senderPhone } }),
  };
}

/** The demo sender for the sender fields still empty (a sender typed in before is kept). */
export function demoSenderPatch(shipFrom: ShipFromSettings): { senderName?: string; senderPhone?: string } {
  return {
    ...(shipFrom.senderName.trim() === '' ? { senderName: DEMO_SENDER_CONTACT.name } : {}),
    ...(shipFrom.senderPhone.trim() === '' ? { senderPhone: DEMO_SENDER_CONTACT.mobile } : {}),
  };
}
