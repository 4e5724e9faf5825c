import { writeSync } from 'node:fs';
import { openSharedClient, openSharedDatabase, type SharedConnectionSettings } from '../../store/postgres/open-shared-database';
import { createSharedCallWindow } from '../shared-call-window';
import { joinSharedDesk } from '../../store/postgres/shared-desks';

/**
 * A desk in another process for the shared call window's test (shared-call-window.test.ts), run
 * with `node --import tsx`: `<connection JSON> <desk JSON: schema, deskId, takes>`. Joins as its
 * desk, prints `{"event":"ready"}`, waits for `NOTIFY go`, takes its slots as fast as the window
 * lets it (a slot it reached too late is taken again, as the gateway client does), then prints
 * `{"event":"done","sentAt":[epoch ms of each send]}` and exits.
 */
const [connectionJson, deskJson] = process.argv.slice(2);
if (connectionJson === undefined || deskJson === undefined) throw new Error('usage: shared-call-window-fixture <connection JSON> <desk JSON>');
const connection = JSON.parse(connectionJson) as SharedConnectionSettings;
const { schema, deskId, takes } = JSON.parse(deskJson) as { schema: string; deskId: string; takes: number };
const report = (line: object): void => {
  writeSync(1, `${JSON.stringify(line)}\n`);
};

const listener = openSharedClient(connection, { deskName: deskId });
await listener.connect();
const go = new Promise<void>((started) => listener.once('notification', () => started()));
await listener.query('LISTEN go');
const pool = openSharedDatabase(connection, { deskName: deskId });
const bootId = `${deskId}-boot`;
if (!(await joinSharedDesk(pool, schema, { deskId, bootId, name: deskId }))) throw new Error(`${deskId} is held by another process`);
const callWindow = createSharedCallWindow({ pool, schema, deskId, bootId, connection });
report({ event: 'ready' });
await go;
const sentAt: number[] = [];
await Promise.all(
  Array.from({ length: callWindow.concurrentTakes }, async (_, lane) => {
    for (let taken = lane; taken < takes; taken += callWindow.concurrentTakes) {
      // As the gateway client does: a start reached too late is given back and another taken.
      for (let slot = await callWindow.take(); !slot.sendable(); slot = await callWindow.take()) await slot.unused();
      sentAt.push(Date.now());
    }
  }),
);
report({ event: 'done', sentAt });
await listener.end();
await pool.end();
