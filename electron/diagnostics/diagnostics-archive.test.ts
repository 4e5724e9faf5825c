import { strFromU8, unzipSync } from 'fflate';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readRuntimeVersions } from '../about/runtime-versions';
import { createStationLogger } from '../logging/station-logger';
import { createSettingsStore } from '../settings/settings-store';
import { openLocalBackend } from '../store/local/open-local-backend';
import { openStationDatabase, type StationDatabase } from '../store/local/open-station-database';
import type { StationBackend } from '../store/station-backend';
import { buildDiagnosticsArchive, keptDiagnosticsArchives, writeDiagnosticsArchive, type DiagnosticsSources } from './diagnostics-archive';
import { scrubPhoneNumbers } from './diagnostics-redaction';

const token = 'tok-7c1e9a2b4d-live-secret';
const printData = 'AES:q9Zp0encryptedLabelPayload==';
/** Phone numbers as they reach logs: whole, masked by the shop, with separators, landline. */
const phones = ['13800001234', '139****5678', '137-1111-2222', '+86 15012345678', '0571-88886666'];

let dataDir: string;
let backend: StationBackend;
/** A second connection to the file, to add rows and a table the backend is to count. */
let database: StationDatabase;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'station-diagnostics-'));
  backend = await openLocalBackend({ file: join(dataDir, 'station.db') });
  database = openStationDatabase({ file: join(dataDir, 'station.db') });
});
afterEach(async () => {
  database.close();
  await backend.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A data folder as a desk leaves it: logs through the real logger, an old unredacted log, settings with a sender, journal rows. */
function seedDataFolder(): DiagnosticsSources {
  const logsDir = join(dataDir, 'logs');
  const logger = createStationLogger({ directory: logsDir, secrets: () => [token] });
  logger.info('station started', { shell: 'electron', version: '0.1.0' });
  logger.warn('gateway.call', {
    endpoint: 'issue',
    request: { recipient: { name: '张三', mobile: phones[0], address: { detail: '文一西路 1 号' } } },
    answer: { waybill_code: 'YT7500000000001', print_data: printData },
    note: `retry with Bearer ${token}`,
  });
  // A free-form message: the logger only knows fields by name, so this phone is in the file.
  logger.error('print failed', { message: `收件人电话 ${phones[1]}，备用 ${phones[2]}` });
  // An archived log written by an older version that did not redact yet; and a line that is not JSON.
  mkdirSync(logsDir, { recursive: true });
  writeFileSync(
    join(logsDir, 'station.1.log'),
    `${JSON.stringify({ at: '2026-11-20T01:00:00.000Z', level: 'info', event: 'old', token, body: JSON.stringify({ print_data: printData, receiver_phone: phones[3] }) })}\n` +
      `plain text from a crash: token=${token} tel ${phones[4]} ${phones[0]}\n`,
  );

  const settings = createSettingsStore({ filePath: join(dataDir, 'settings.json') });
  settings.update({
    shipFrom: { senderName: '李四', senderPhone: phones[0] },
    gateway: { baseUrl: 'https://user:pw@gateway.example.com/api' },
    issueOptions: { byCarrier: { ZTO: { services: [], weightG: 500, volumeMl: null, customerCodeByBranch: { '57118': '5710012345' }, brandCode: '' } } },
  });

  database.prepare('INSERT INTO gateway_call_costs (endpoint, points, job_id, at, china_day) VALUES (?, ?, ?, ?, ?)').run('issue', 2, null, Date.now(), '2026-11-21');
  // A table of a later migration: counted too, its print data never copied.
  database.exec(`CREATE TABLE "later ""engine"" table" (id INTEGER PRIMARY KEY, state TEXT, print_data TEXT)`);
  const insert = database.prepare(`INSERT INTO "later ""engine"" table" (state, print_data) VALUES (?, ?)`);
  for (const state of ['printed', 'printed', 'pending', `收件人 ${phones[0]}`]) insert.run(state, printData);

  return {
    dataDir,
    logsDir,
    journal: backend.read.diagnostics,
    settings: () => ({ settings: settings.get(), token: { isSet: true, lastFour: token.slice(-4), unreadable: null, weakProtection: false } }),
    secrets: () => [token],
    app: { name: 'Waybill Print Station', version: '0.1.0', shell: 'electron' },
    runtime: readRuntimeVersions(),
    now: () => new Date('2026-11-21T08:30:00.000Z'),
  };
}

function unzip(bytes: Uint8Array): Record<string, string> {
  return Object.fromEntries(Object.entries(unzipSync(bytes)).map(([name, data]) => [name, strFromU8(data)]));
}

describe('diagnostics archive', () => {
  it('holds the manifest, versions, settings, journal counts, data folder listing and every log', async () => {
    const archive = await buildDiagnosticsArchive(seedDataFolder());
    const files = unzip(archive.bytes);

    expect(Object.keys(files).sort()).toEqual(
      ['data-folder.json', 'journal-counts.json', 'logs/station.1.log', 'logs/station.log', 'manifest.json', 'settings.json', 'versions.json'].sort(),
    );
    expect(archive.entries.sort()).toEqual(Object.keys(files).sort());

    const manifest = JSON.parse(files['manifest.json'] ?? '') as { createdAt: string; app: unknown; entries: string[] };
    expect(manifest.createdAt).toBe('2026-11-21T08:30:00.000Z');
    expect(manifest.app).toEqual({ name: 'Waybill Print Station', version: '0.1.0', shell: 'electron' });

    const versions = JSON.parse(files['versions.json'] ?? '') as { app: { version: string }; runtime: { node: string; os: { platform: string } } };
    expect(versions.app.version).toBe('0.1.0');
    expect(versions.runtime.node).toBe(process.versions.node);
    expect(versions.runtime.os.platform).toBe(process.platform);

    const settings = JSON.parse(files['settings.json'] ?? '') as { settings: { shipFrom: Record<string, unknown>; gateway: { baseUrl: string; shops: { shopId: string }[] } }; tokenStored: unknown };
    expect(settings.tokenStored).toBe(true);
    expect(Object.keys(settings).sort()).toEqual(['settings', 'tokenStored']);
    expect(settings.settings.shipFrom).toMatchObject({ senderName: '[redacted]', senderPhone: '[redacted]' });
    expect(settings.settings.gateway.baseUrl).toBe('https://gateway.example.com/api');
    expect(files['settings.json']).not.toContain('5710012345');
    expect(files['settings.json']).toContain('"weightG": 500');
    expect(settings.settings.gateway.shops[0]?.shopId).toBeTruthy();

    const listing = JSON.parse(files['data-folder.json'] ?? '') as { name: string; kind: string }[];
    expect(listing.map((entry) => entry.name)).toEqual(expect.arrayContaining(['logs', 'settings.json', 'station.db']));
    expect(listing.find((entry) => entry.name === 'logs')).toMatchObject({ kind: 'folder', files: 2 });

    expect(files['logs/station.log']).toContain('"event":"gateway.call"');
    expect(files['logs/station.log']).toContain('YT7500000000001');
    expect(files['logs/station.1.log']).toContain('"event":"old"');
  });

  it('counts the rows of every table in the store, including tables of later migrations, by state where there is one', async () => {
    const files = unzip((await buildDiagnosticsArchive(seedDataFolder())).bytes);
    const counts = JSON.parse(files['journal-counts.json'] ?? '') as { schemaVersion: number; tables: { table: string; rows: number; byState?: Record<string, number> }[] };

    const expectedTables = database.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all();
    expect(counts.tables.map((entry) => entry.table)).toEqual(expectedTables);
    expect(counts.schemaVersion).toBe(database.pragma('user_version', { simple: true }));
    expect(counts.tables.find((entry) => entry.table === 'gateway_call_costs')).toEqual({ table: 'gateway_call_costs', rows: 1 });
    expect(counts.tables.find((entry) => entry.table === 'later "engine" table')).toEqual({
      table: 'later "engine" table',
      rows: 4,
      byState: { '(other)': 1, pending: 1, printed: 2 },
    });
  });

  it('has no token, phone number or print data in any file', async () => {
    const files = unzip((await buildDiagnosticsArchive(seedDataFolder())).bytes);
    const everything = Object.values(files).join('\n');

    expect(everything).not.toContain(token);
    expect(everything).not.toContain(printData);
    expect(everything).not.toMatch(/1[3-9]\d{9}/);
    expect(everything).not.toMatch(/1[3-9]\d\*{4}\d{4}/);
    for (const phone of phones) expect(everything).not.toContain(phone);
    for (const personal of ['张三', '李四', '文一西路', 'user:pw']) expect(everything).not.toContain(personal);
    // The redaction is visible, so support knows something was there.
    expect(files['logs/station.log']).toContain('[phone]');
    expect(files['logs/station.1.log']).toContain('"print_data":"[redacted]"');
  });

  it('writes the archive atomically into the data folder and keeps only the newest few', async () => {
    const sources = seedDataFolder();
    let minute = 0;
    const written = [];
    for (let index = 0; index < keptDiagnosticsArchives + 2; index += 1) {
      minute += 1;
      written.push(await writeDiagnosticsArchive({ ...sources, now: () => new Date(Date.UTC(2026, 10, 21, 9, minute)) }));
    }
    const last = written.at(-1);
    if (!last) throw new Error('nothing written');
    expect(last.file).toBe(join(dataDir, 'diagnostics', 'diagnostics-2026-11-21T09-07-00-000Z.zip'));
    expect(last.bytes).toBe(readFileSync(last.file).length);
    expect(Object.keys(unzipSync(readFileSync(last.file)))).toContain('journal-counts.json');
    const kept = readdirSync(join(dataDir, 'diagnostics')).sort();
    expect(kept).toHaveLength(keptDiagnosticsArchives);
    expect(kept[0]).toBe('diagnostics-2026-11-21T09-03-00-000Z.zip');
    // The next archive lists the earlier ones by name only.
    expect(unzip((await buildDiagnosticsArchive(sources)).bytes)['data-folder.json']).toContain('"name": "diagnostics"');
  });
});

describe('phone number scrubbing', () => {
  it('removes whole, masked and separated mobile numbers and landlines, and leaves other numbers', () => {
    expect(scrubPhoneNumbers('tel 13800001234, 138****1234; 138-0000-1234 / 138 0000 1234 +8613800001234 (0571) 88886666')).toBe(
      'tel [phone], [phone]; [phone] / [phone] [phone] [phone]',
    );
    const kept = 'order 3921837465019283746 at 1763713800000 waybill YT7500000000001 port 13528 day 2026-11-21 sum 12800';
    expect(scrubPhoneNumbers(kept)).toBe(kept);
  });
});
