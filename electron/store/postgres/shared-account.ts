import { stationError } from '../../../shared/errors/station-error';
import { StationFailure } from '../../ipc/to-station-error';
import { sharedStatements, type SharedDeskAccess } from './shared-access';

/**
 * The account a shared schema belongs to, as far as a desk can tell without the token. An
 * account is what the gateway rate-limits and bills as one: one token and the shops it was
 * authorized for. The token is never stored anywhere but the desk's vault, so the schema records
 * what names the account without it: the gateway's base URL exactly as the desks' claims and
 * history record it (`DEMO_GATEWAY` in demo mode), and the shops by their merchant `user_id` (a
 * seller's id at the platform, which one account's token serves; the seller nick names it in
 * messages). A desk belongs to the schema's account when its gateway is the recorded one and at
 * least one of its shops is recorded: desks of one account may list its shops in another order
 * or serve only some of them, and a shop the account added later is recorded when a desk with it
 * connects. Desks of two accounts never serve the same shop, so they never pass.
 */
export interface SharedAccount {
  gatewayBaseUrl: string;
  /** The account's shops this desk serves (at least one). */
  shops: readonly SharedAccountShop[];
}

/** One shop of an account: its merchant user id and the seller nick that names it. */
export interface SharedAccountShop {
  merchantUserId: number;
  sellerNick: string;
}

/** The shops of an account in words a warehouse admin recognises: `nick (user id)`, joined. */
const shopsInWords = (shops: readonly SharedAccountShop[]): string => shops.map((shop) => `${shop.sellerNick} (${shop.merchantUserId})`).join(', ');

/**
 * Binds the (migrated) schema to this desk's account, or refuses the desk: the first desk to
 * connect records its account (so does the first one after migration 004 on an older schema);
 * later desks must be of it (see SharedAccount), and add the shops it did not list yet. One
 * transaction under the account row's lock: two desks of different accounts connecting to a
 * fresh schema at once cannot both be taken. Throws `shared-mode.other-account` naming the
 * schema and both accounts.
 */
export async function bindSchemaAccount(access: Pick<SharedDeskAccess, 'pool' | 'schema' | 'connection'>, account: SharedAccount): Promise<void> {
  const statements = sharedStatements(access);
  const accountTable = statements.table('schema_account');
  const shopsTable = statements.table('schema_account_shops');
  await statements.transaction(async (client) => {
    const created = await client.query(`INSERT INTO ${accountTable} (gateway_base_url) VALUES ($1) ON CONFLICT DO NOTHING`, [account.gatewayBaseUrl]);
    const { rows } = await client.query<{ gateway_base_url: string }>(`SELECT gateway_base_url FROM ${accountTable} FOR UPDATE`);
    const recordedShops = (await client.query<{ merchant_user_id: string; seller_nick: string }>(`SELECT merchant_user_id, seller_nick FROM ${shopsTable} ORDER BY recorded_at, merchant_user_id`)).rows.map(
      (row): SharedAccountShop => ({ merchantUserId: Number(row.merchant_user_id), sellerNick: row.seller_nick }),
    );
    const recordedGateway = rows[0]?.gateway_base_url ?? account.gatewayBaseUrl;
    const sharesAShop = account.shops.some((shop) => recordedShops.some((recorded) => recorded.merchantUserId === shop.merchantUserId));
    if (created.rowCount === 0 && (recordedGateway !== account.gatewayBaseUrl || !sharesAShop)) {
      throw new StationFailure(
        stationError('shared-mode.other-account', { schema: access.schema, schemaGateway: recordedGateway, schemaShops: shopsInWords(recordedShops), deskGateway: account.gatewayBaseUrl, deskShops: shopsInWords(account.shops) }),
      );
    }
    for (const shop of account.shops) {
      await client.query(`INSERT INTO ${shopsTable} (merchant_user_id, seller_nick) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [shop.merchantUserId, shop.sellerNick]);
    }
  });
}
