/**
 * Versioned migrations of the settings file. `settingsMigrations[n]` turns a raw version-n
 * document into a raw version-n+1 one; loading runs them in order from the file's version up to
 * CURRENT_SETTINGS_VERSION, then validates the result. Migrations map names and shapes only:
 * the value of a field they know is passed on for the schema to judge (a bad one gets the file
 * set aside), never replaced by a default.
 */

import { DEMO_GATEWAY_ACCOUNT, sharedTlsOffAllowed } from '../../shared/settings/settings-schema';

/** A settings document as read from disk, before validation. */
export type RawSettings = Record<string, unknown>;

/** Turns a raw version-n document into a raw version-n+1 one. */
export type SettingsMigration = (raw: RawSettings) => RawSettings;

/** An empty text meant "not set" in version 0. */
const emptyToNull = (value: unknown): unknown => (value === '' ? null : value);

/** Version 0 stored the merchant's user id as text at times. */
const numericTextToNumber = (value: unknown): unknown =>
  typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : value;

/** Version 0 named the Chinese UI `zh`. */
const languageOfVersion0 = (value: unknown): unknown => (value === 'zh' ? 'zh-CN' : emptyToNull(value));

/** Copies the entries whose value is defined, so that absent version-0 fields take the defaults. */
function definedEntries(entries: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined));
}

/**
 * Version 0 → 1. Version 0 (the first prototype) was one flat object without `schemaVersion`:
 * `base_url` ('' = sandbox), `shop_id`, `seller_nick`, `user_id`, `component_url`,
 * `printer` ('' = default printer), `need_encrypt` and `language` ('zh' | 'en' | '').
 * Version 1 groups the settings into sections with camelCase names.
 */
export function migrateVersion0To1(raw: RawSettings): RawSettings {
  return {
    schemaVersion: 1,
    gateway: definedEntries({
      baseUrl: raw.base_url === undefined ? undefined : emptyToNull(raw.base_url),
      shopId: raw.shop_id,
      sellerNick: raw.seller_nick,
      merchantUserId: numericTextToNumber(raw.user_id),
    }),
    print: definedEntries({
      componentUrl: raw.component_url,
      printer: raw.printer === undefined ? undefined : emptyToNull(raw.printer),
      needEncrypt: raw.need_encrypt,
    }),
    ui: definedEntries({ language: raw.language === undefined ? undefined : languageOfVersion0(raw.language) }),
  };
}

const isRecord = (value: unknown): value is RawSettings => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Version 1 → 2. Version 1 held one shop (`gateway.shopId`, `sellerNick`, `merchantUserId`);
 * version 2 holds the account's shops as a list (多店铺), each with a display name and a colour
 * tag: the one shop becomes a list of one, named by its nick (an empty name) and tagged blue. A
 * field version 1 left out took the demo shop's value then, and takes it now.
 */
export function migrateVersion1To2(raw: RawSettings): RawSettings {
  if (!isRecord(raw.gateway)) return { ...raw, schemaVersion: 2 };
  const { shopId, sellerNick, merchantUserId, ...gateway } = raw.gateway;
  if (shopId === undefined && sellerNick === undefined && merchantUserId === undefined) return { ...raw, schemaVersion: 2, gateway };
  const shop = {
    shopId: shopId ?? DEMO_GATEWAY_ACCOUNT.shopId,
    sellerNick: sellerNick ?? DEMO_GATEWAY_ACCOUNT.sellerNick,
    merchantUserId: merchantUserId ?? DEMO_GATEWAY_ACCOUNT.merchantUserId,
    name: '',
    colour: 'blue',
  };
  return { ...raw, schemaVersion: 2, gateway: { ...gateway, shops: [shop] } };
}

/**
 * Version 2 → 3. Version 2's shared-mode TLS offered `require` (encrypted, the server not
 * verified), its default, and `off` to any host. Version 3 verifies the server by default and
 * sends in the clear only to this computer: `require` becomes `verify-full` (the desk that used
 * it against a server whose certificate it cannot verify says so at its next connection, and
 * Settings takes the server's root certificate file), and so does `off` to another computer
 * (a server without TLS is then refused with a clear message, never reached in the clear).
 * The root certificate file is new: none, the system's trusted roots.
 */
export function migrateVersion2To3(raw: RawSettings): RawSettings {
  if (!isRecord(raw.sharedMode)) return { ...raw, schemaVersion: 3 };
  const { tls, host } = raw.sharedMode;
  const unverified = tls === 'require' || (tls === 'off' && typeof host === 'string' && !sharedTlsOffAllowed(host));
  return { ...raw, schemaVersion: 3, sharedMode: { ...raw.sharedMode, ...(unverified ? { tls: 'verify-full' } : {}) } };
}

/** Every migration, in order: index n migrates version n to n+1. */
export const settingsMigrations: readonly SettingsMigration[] = [migrateVersion0To1, migrateVersion1To2, migrateVersion2To3];
