import type pg from 'pg';
import { z } from 'zod';
import type { GatewayIdentity } from '../../../shared/domain/gateway-identity';
import { openSharedClient, type SharedConnectionSettings } from './open-shared-database';

/**
 * What changed in the account's schema, as one desk tells the others. Payloads carry ids only;
 * a desk that cares reads the rows. One change may arrive as several events (a long list is
 * split to stay under PostgreSQL's 8000-byte payload limit).
 */
export type SharedChange =
  /** Claims of these orders were taken, renewed after a lapse, issued or released. */
  | { type: 'claims-changed'; gateway: GatewayIdentity; orderNumbers: string[] }
  /** These waybills were recorded in the shared history, or their void mark changed. */
  | { type: 'waybills-changed'; gateway: GatewayIdentity; waybillCodes: string[] }
  /** A desk finished refreshing the shop's shared sold orders (or gave up): read them. */
  | { type: 'orders-refreshed'; gateway: GatewayIdentity; deskId: string }
  /** A desk joined, was renamed, or started or ended a job. */
  | { type: 'desk-changed'; deskId: string };

/** What a desk's listener reports: a change, or that it (re)started listening — changes made meanwhile were missed, so read everything again. */
export type SharedEvent = SharedChange | { type: 'listening' } | { type: 'connection-lost'; reason: string };

const gatewaySchema = z.object({ baseUrl: z.string(), shopId: z.string() });
const changeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('claims-changed'), gateway: gatewaySchema, orderNumbers: z.array(z.string()) }),
  z.object({ type: z.literal('waybills-changed'), gateway: gatewaySchema, waybillCodes: z.array(z.string()) }),
  z.object({ type: z.literal('orders-refreshed'), gateway: gatewaySchema, deskId: z.string() }),
  z.object({ type: z.literal('desk-changed'), deskId: z.string() }),
]);

/** PostgreSQL refuses payloads of 8000 bytes or more; a list is split well below that. */
const PAYLOAD_BYTES = 7000;

/** The notification channel of an account: its schema's name (accounts in one database do not hear each other). */
const channelOf = (schema: string) => schema;

/** The change as payloads under the size limit: a list of ids is split into as many as needed. */
function payloadsOf(change: SharedChange): string[] {
  const whole = JSON.stringify(change);
  if (Buffer.byteLength(whole) < PAYLOAD_BYTES || (change.type !== 'claims-changed' && change.type !== 'waybills-changed')) return [whole];
  const ids = change.type === 'claims-changed' ? change.orderNumbers : change.waybillCodes;
  const withIds = (part: string[]) => JSON.stringify(change.type === 'claims-changed' ? { ...change, orderNumbers: part } : { ...change, waybillCodes: part });
  const payloads: string[] = [];
  let part: string[] = [];
  let bytes = Buffer.byteLength(withIds([]));
  for (const id of ids) {
    const idBytes = Buffer.byteLength(JSON.stringify(id)) + 1;
    if (part.length > 0 && bytes + idBytes >= PAYLOAD_BYTES) {
      payloads.push(withIds(part));
      part = [];
      bytes = Buffer.byteLength(withIds([]));
    }
    part.push(id);
    bytes += idBytes;
  }
  if (part.length > 0) payloads.push(withIds(part));
  return payloads;
}

/**
 * Tells the other desks about a change, on the connection of the transaction that made it:
 * PostgreSQL delivers it when (and only if) that transaction commits.
 */
export async function notifySharedChange(client: pg.ClientBase | pg.Pool, schema: string, change: SharedChange): Promise<void> {
  for (const payload of payloadsOf(change)) await client.query('SELECT pg_notify($1, $2)', [channelOf(schema), payload]);
}

/** A desk's listener of the account's changes. */
export interface SharedNotifications {
  /** Calls `listener` with every event from now on; answers how to stop. */
  subscribe(listener: (event: SharedEvent) => void): () => void;
  /** Whether the listener is connected and listening now. */
  readonly listening: boolean;
  /** Stops listening and closes its connection. */
  close(): Promise<void>;
}

/** Options of the listener. */
export interface SharedNotificationsOptions {
  schema: string;
  deskName: string;
  /** First wait before connecting again after a loss (doubling up to `maxBackoffMs`). */
  backoffMs?: number;
  maxBackoffMs?: number;
}

/**
 * Listens to the account's changes on a connection of its own (LISTEN holds a session; a pooled
 * one would lose it). When the connection is lost (server restarted, network gone) it reports
 * `connection-lost`, connects again with a growing wait, and reports `listening` once it hears
 * again: changes made while it was away were not heard, so the desk reads everything again.
 * Payloads that are not a known change are ignored.
 */
export function listenToSharedChanges(connection: SharedConnectionSettings, options: SharedNotificationsOptions): SharedNotifications {
  const listeners = new Set<(event: SharedEvent) => void>();
  const emit = (event: SharedEvent) => {
    for (const listener of listeners) listener(event);
  };
  const backoffMs = options.backoffMs ?? 250;
  const maxBackoffMs = options.maxBackoffMs ?? 10_000;
  const channel = channelOf(options.schema);
  let closed = false;
  let listening = false;
  let failures = 0;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  const lost = (current: pg.Client, reason: string) => {
    if (client !== current) return;
    client = null;
    current.removeAllListeners('notification');
    current.end().catch(() => undefined);
    if (listening) emit({ type: 'connection-lost', reason });
    listening = false;
    if (closed) return;
    retry = setTimeout(connect, Math.min(maxBackoffMs, backoffMs * 2 ** failures));
    failures += 1;
  };

  const connect = () => {
    retry = null;
    const current = openSharedClient(connection, { deskName: options.deskName });
    client = current;
    current.on('error', (error: Error & { code?: string }) => lost(current, error.code ?? error.message));
    current.on('end', () => lost(current, 'connection ended'));
    current.on('notification', (message) => {
      if (message.channel !== channel || message.payload === undefined) return;
      let payload: unknown;
      try {
        payload = JSON.parse(message.payload);
      } catch {
        return;
      }
      const parsed = changeSchema.safeParse(payload);
      if (parsed.success) emit(parsed.data);
    });
    current
      .connect()
      .then(() => current.query(`LISTEN "${channel.replaceAll('"', '""')}"`))
      .then(
        () => {
          if (client !== current || closed) return;
          listening = true;
          failures = 0;
          emit({ type: 'listening' });
        },
        (error: Error & { code?: string }) => lost(current, error.code ?? error.message),
      );
  };
  connect();

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get listening() {
      return listening;
    },
    async close() {
      closed = true;
      if (retry !== null) clearTimeout(retry);
      const current = client;
      client = null;
      listening = false;
      await current?.end().catch(() => undefined);
    },
  };
}
