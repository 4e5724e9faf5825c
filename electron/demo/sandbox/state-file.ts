import { readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { z } from 'zod';

/**
 * The sandbox's data file: its state as JSON, loaded at start and written atomically (temp file
 * + rename) after every change, before the answer that reports the change leaves. Writes are
 * serialized and coalesced: while one write runs, later changes wait for the next, which carries
 * all of them.
 */

const addressSchema = z.object({ province: z.string(), city: z.string(), district: z.string(), town: z.string(), detail: z.string() });
const partySchema = z.object({ name: z.string(), mobile: z.string(), phone: z.string(), address: addressSchema });

const issuedWaybillV1Schema = z.object({
  waybillCode: z.string(),
  cpCode: z.string(),
  branchCode: z.string(),
  objectId: z.string(),
  orderNumbers: z.array(z.string()),
  templateUrl: z.string(),
  issuedAt: z.number(),
  source: z.enum(['issue-call', 'elsewhere']),
  content: z.object({
    recipient: partySchema,
    sender: partySchema,
    routingInfo: z.object({
      origin: z.object({ code: z.string(), name: z.string() }),
      sortation: z.object({ name: z.string() }),
      consolidation: z.object({ code: z.string(), name: z.string() }),
      routeCode: z.string(),
    }),
    shippingOption: z.object({ code: z.string(), title: z.string(), services: z.record(z.string(), z.record(z.string(), z.string())) }),
    waybillCode: z.string(),
  }),
  decryptedRecipient: partySchema,
});

/**
 * Version 2: each waybill names the shop its orders belong to (order numbers are per shop). A
 * parcel of an order shipped in several (一单多包) also names its ticket's parent waybill; files
 * written before parcels lack the field, which reads as an ordinary waybill.
 */
const issuedWaybillSchema = issuedWaybillV1Schema.extend({ shopId: z.string(), parentWaybillCode: z.string().optional() });

const shopSchema = z.object({ shopId: z.string(), sellerNick: z.string(), userId: z.number().int(), name: z.string(), orderCount: z.number().int().nonnegative() });

const accountFields = {
  format: z.literal('waybill-sandbox-state'),
  seed: z.number().int(),
  generatedAt: z.number(),
  pointsBalance: z.number(),
  subscription: z.object({ start: z.number(), end: z.number() }),
  waybillSerial: z.number().int().nonnegative(),
  branches: z.record(z.string(), z.object({ quantity: z.number(), allocated: z.number(), cancelled: z.number(), recycled: z.number() })),
};

/** Version 1: one shop, its order count, waybills without a shop. */
const persistedStateV1Schema = z.object({ ...accountFields, version: z.literal(1), orderCount: z.number().int().nonnegative(), issued: z.array(issuedWaybillV1Schema) });

const persistedStateSchema = z.object({ ...accountFields, version: z.literal(2), shops: z.array(shopSchema).min(1), issued: z.array(issuedWaybillSchema) });

/** Everything the sandbox keeps across restarts. */
export type PersistedState = z.infer<typeof persistedStateSchema>;

/** One shop of the account as the state keeps it: who it is and how many sold orders it has. */
export type PersistedShop = z.infer<typeof shopSchema>;

/** A waybill the sandbox issued (through the issue endpoint, or "elsewhere"), with the shop of its orders. */
export type IssuedWaybill = z.infer<typeof issuedWaybillSchema>;

/**
 * Reads a data file; null when it does not exist, an error when it is not a sandbox state. A
 * version-1 file (one shop) is read as version 2: its shop becomes the first of `shops` with the
 * file's order count, every waybill belongs to it, and the further shops join as given.
 */
export function readStateFile(path: string, shops: readonly PersistedShop[]): PersistedState | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const json: unknown = JSON.parse(text);
  const parsed = z.union([persistedStateSchema, persistedStateV1Schema]).safeParse(json);
  if (!parsed.success) throw new Error(`${path} is not a sandbox data file: ${parsed.error.message}`);
  if (parsed.data.version === 2) return parsed.data;
  const { orderCount, issued, ...account } = parsed.data;
  const [first, ...further] = shops;
  if (!first) throw new Error('a sandbox account serves at least one shop');
  return {
    ...account,
    version: 2,
    shops: [{ ...first, orderCount }, ...further],
    issued: issued.map((waybill) => ({ ...waybill, shopId: first.shopId })),
  };
}

/** Serialized, coalescing, atomic writer of one data file. */
export class StateFileWriter {
  private last: Promise<void> = Promise.resolve();
  private pending: Promise<void> | null = null;
  private sequence = 0;

  constructor(private readonly path: string) {}

  /**
   * Schedules a write of the text `serialize()` returns when the write starts (so it includes
   * every change made until then); resolves once that write has reached the disk.
   */
  save(serialize: () => string): Promise<void> {
    if (this.pending) return this.pending;
    const write = this.last
      .catch(() => undefined)
      .then(() => {
        this.pending = null;
        return this.writeNow(serialize());
      });
    this.pending = write;
    this.last = write;
    return write;
  }

  /** Resolves when every write scheduled so far has finished (failed ones included). */
  flush(): Promise<void> {
    return this.last.catch(() => undefined);
  }

  private async writeNow(text: string): Promise<void> {
    this.sequence += 1;
    const temp = `${this.path}.${process.pid}.${this.sequence}.tmp`;
    await writeFile(temp, text, 'utf8');
    await rename(temp, this.path);
  }
}
