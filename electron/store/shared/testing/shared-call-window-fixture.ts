import { writeSync } from 'node:fs';
import { openSharedClient, openSharedDatabase, type SharedConnectionSettings } from '../open-shared-database';
import { createSharedCallWindow } from '../shared-call-window';

/**
 * A desk in another process for the shared call window's test (shared-call-window.test.ts), run
 * with `node --import tsx`: `<connection JSON> <window JSON: schema, deskId, limit, windowMs,
 * marginMs, takes>`. Prints `{"event":"ready"}`, waits for `NOTIFY go`, takes its slots as fast
 * as the window lets it, then prints `{"event":"done","taken":n}` and exits.
 */
const [connectionJson, windowJson] = process.argv.slice(2);
if (connectionJson === undefined || windowJson === undefined) throw new Error('usage: shared-call-window-fixture <connection JSON> <window JSON>');
const connection = JSON.parse(connectionJson) as SharedConnectionSettings;
const { takes, ...window } = JSON.parse(windowJson) as { schema: string; deskId: string; limit: number; windowMs: number; marginMs: number; takes: number };
const report = (line: object): void => {
  writeSync(1, `${JSON.stringify(line)}\n`);
};

const listener = openSharedClient(connection, { deskName: window.deskId });
await listener.connect();
const go = new Promise<void>((started) => listener.once('notification', () => started()));
await listener.query('LISTEN go');
const pool = openSharedDatabase(connection, { deskName: window.deskId });
const callWindow = createSharedCallWindow(pool, { ...window, connection });
report({ event: 'ready' });
await go;
for (let taken = 0; taken < takes; taken += 1) await callWindow.take();
report({ event: 'done', taken: takes });
await listener.end();
await pool.end();
