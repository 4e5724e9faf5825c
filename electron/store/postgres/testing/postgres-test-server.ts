import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { makeTestCertificates } from '../../../testing/test-certificates';
import { openSharedClient, type SharedConnectionSettings } from '../open-shared-database';

/** The user the test server's superuser is called, and its password (password auth over TCP, so wrong passwords can be tested). */
const SUPERUSER = 'station';
const SUPERUSER_PASSWORD = 'station-test-password';

/** A throwaway PostgreSQL server in a temporary folder, for one test file. */
export interface PostgresTestServer {
  /** The server's major version folder (`15`). */
  readonly version: string;
  readonly port: number;
  /** With `tls`: the PEM file of the test CA that signed the server's certificate (the root a desk chooses in Settings). */
  readonly rootCertificateFile: string | null;
  /** Connection settings of a database on this server (`postgres` unless named). */
  connection(database?: string): SharedConnectionSettings;
  /** Creates an empty database with a fresh name and answers its connection settings. */
  freshDatabase(): Promise<SharedConnectionSettings>;
  /** Stops the server (fast: open connections are cut, as a crash or a restart does to clients). */
  stop(): void;
  /** Starts it again on the same port and data. */
  start(): void;
  /** Stops and starts it again. */
  restart(): void;
  /** Stops it and removes its folder. */
  dispose(): void;
}

/** The folder of Debian's PostgreSQL binaries (`/usr/lib/postgresql/<major>/bin`), the newest installed; null when none is. */
export function postgresBinFolder(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const majors = readdirSync(root)
    .filter((name) => /^\d+$/.test(name) && existsSync(join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] === undefined ? null : join(root, majors[0], 'bin');
}

/** A port nobody listens on right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const address = server.address();
  await new Promise((closed) => server.close(closed));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/** How a test server is started beyond the defaults. */
export interface PostgresTestServerOptions {
  /** Serve TLS (`ssl=on`) with a certificate for these names (IP addresses and DNS names), signed by a CA made for the server (see `rootCertificateFile`). */
  tls?: { names: readonly string[] };
  /** pg_hba.conf lines placed before the default ones (`host all some_role 127.0.0.1/32 password`). */
  hba?: readonly string[];
}

/**
 * Starts PostgreSQL from Debian's binaries in a new temporary folder on a free port of
 * 127.0.0.1 (password auth over TCP, the superuser `station`), with TLS and pg_hba.conf lines
 * as `options` asks. PostgreSQL refuses to run as root: as root, initdb and pg_ctl run as the
 * `postgres` user, who owns the folder and the server's key; as anyone else they run as that user.
 */
export async function startPostgresTestServer(options: PostgresTestServerOptions = {}): Promise<PostgresTestServer> {
  const bin = postgresBinFolder();
  if (bin === null) throw new Error('PostgreSQL is not installed (no /usr/lib/postgresql/<version>/bin/initdb): run bash scripts/prepare-test-machine.sh');
  const version = bin.split('/').at(-2) ?? '';
  const asRoot = process.getuid?.() === 0;
  const folder = mkdtempSync(join(tmpdir(), 'station-postgres-'));
  const dataDir = join(folder, 'data');
  const passwordFile = join(folder, 'password');
  writeFileSync(passwordFile, SUPERUSER_PASSWORD);
  const certificates = options.tls === undefined ? null : makeTestCertificates(folder, options.tls.names);
  if (certificates !== null) chmodSync(certificates.keyFile, 0o600);
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    for (const path of [folder, passwordFile, ...(certificates === null ? [] : [certificates.certificateFile, certificates.keyFile])]) chownSync(path, uid, gid);
  }
  chmodSync(folder, 0o700);
  const commandOf = (tool: string, args: string[]): [string, string[]] => (asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args]);
  const env = { ...process.env, LC_ALL: 'C' };
  // A restart in the middle of a test blocks the event loop until the server is up, as a test's next step expects.
  const run = (tool: string, args: string[]) => {
    const result = spawnSync(...commandOf(tool, args), { encoding: 'utf8', env });
    if (result.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  };
  // The first start leaves the event loop free: several servers start at once in one test file
  // (describe.concurrent), and one's initdb must not stall another's connections past their timeout.
  const runInBackground = async (tool: string, args: string[]) => {
    await promisify(execFile)(...commandOf(tool, args), { encoding: 'utf8', env }).catch((error: Error & { stdout?: string; stderr?: string }) => {
      // A tool that could not start at all has empty output: its error says why.
      throw new Error(`${tool} ${args.join(' ')} failed:\n${error.stdout ?? ''}\n${error.stderr || error.message}`);
    });
  };
  await runInBackground('initdb', ['-D', dataDir, '-U', SUPERUSER, `--pwfile=${passwordFile}`, '--auth-local=trust', '--auth-host=scram-sha-256', '-E', 'UTF8', '--no-sync']);
  if (options.hba !== undefined) {
    // The first matching line decides: the test's lines go before initdb's.
    const hbaFile = join(dataDir, 'pg_hba.conf');
    writeFileSync(hbaFile, `${options.hba.join('\n')}\n${readFileSync(hbaFile, 'utf8')}`);
  }
  const tlsOptions = certificates === null ? '' : ` -c ssl=on -c ssl_cert_file=${certificates.certificateFile} -c ssl_key_file=${certificates.keyFile}`;
  const port = await freePort();
  let running = false;
  // Few connections and small buffers: several test servers share a small machine.
  const serverOptions = `-k ${folder} -p ${port} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60 -c shared_buffers=16MB${tlsOptions}`;
  const startArgs = ['-D', dataDir, '-o', serverOptions, '-l', join(folder, 'server.log'), '-w', 'start'];
  const start = () => {
    run('pg_ctl', startArgs);
    running = true;
  };
  const stop = () => {
    if (!running) return;
    run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
    running = false;
  };
  await runInBackground('pg_ctl', startArgs);
  running = true;
  let databases = 0;
  const connection = (database = 'postgres'): SharedConnectionSettings => ({
    host: '127.0.0.1',
    port,
    database,
    user: SUPERUSER,
    password: SUPERUSER_PASSWORD,
    tls: 'off',
  });
  return {
    version,
    port,
    rootCertificateFile: certificates?.rootCertificateFile ?? null,
    connection,
    async freshDatabase() {
      databases += 1;
      const name = `desk_test_${databases}`;
      // A busy test machine (several servers and desks starting at once) may take seconds to answer: not a failure of the test.
      const client = openSharedClient(connection(), { deskName: 'test server', connectTimeoutMs: 30_000 });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return connection(name);
    },
    stop,
    start,
    restart() {
      stop();
      start();
    },
    dispose() {
      try {
        stop();
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}
