import { createInterface } from 'node:readline';
import type { JobView } from '../../../shared/domain/issuing';
import { openTestStation } from '../../composition/testing/sandbox-desk';
import type { Station } from '../../composition/station';
import type { SharedDeskSetup } from './shared-desk-process';
import { stationData } from '../../composition/testing/station-data';

/**
 * One packing desk in shared mode as its own OS process (composition root, SQLite files in its
 * data folder, the browser host's key-file vault), for the multi-desk tests and the benchmark.
 * Started with `node --import tsx` and one argument, the JSON of a `SharedDeskSetup`.
 *
 * On a fresh data folder it saves the desk's settings (token, sandbox desk, shared mode on the
 * given PostgreSQL, its password) and starts again, as the mode is read at start; on a folder it
 * ran on before it just starts (a desk restarted after a crash). It prints `ready` once the
 * shared database is connected (at once with `awaitConnection: false`: a test that expects the
 * link refused asks the desk itself), then answers each stdin line `{"id","channel","input"}` with
 * `answer <id> <Result JSON>` on stdout, and tells each job's ending as `job-ended <JobView JSON>`. It closes the station when stdin ends.
 */
const setup = JSON.parse(process.argv[2] ?? 'null') as SharedDeskSetup | null;
if (setup === null) throw new Error('usage: shared-desk-fixture <desk setup JSON>');

/** Through the stream, not a synchronous write: a long answer (the orders list) must wait for the pipe, never fail with EAGAIN. */
const say = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

const overrides = { baseUrl: setup.sandboxUrl, componentUrl: setup.emulatorUrl };
const stationOptions = { claimLeaseMs: setup.leaseMs };

const dispatchOk = (station: Station, channel: string, input: unknown): Promise<unknown> => stationData(station, channel, input);

if (setup.configure) {
  const first = await openTestStation(setup.dataDir, overrides, stationOptions);
  const { host, port, database, user, tls, password } = setup.database;
  await dispatchOk(first, 'token.set', { token: setup.token });
  await dispatchOk(first, 'settings.update', { patch: { ...setup.deskPatch, sharedMode: { enabled: true, host, port, database, user, tls, deskName: setup.deskName } } });
  await dispatchOk(first, 'shared-mode.set-password', { password });
  await first.close();
}
const station = await openTestStation(setup.dataDir, overrides, stationOptions);
for (const deadline = Date.now() + 30_000; setup.awaitConnection !== false && station.sharedMode.state() !== 'connected'; await new Promise((wait) => setTimeout(wait, 20))) {
  if (Date.now() > deadline) throw new Error(`${setup.deskName}: the shared database did not connect (${station.sharedMode.state()})`);
}
// A job's ending, told as it happens: a test waits for it without asking the desk again and again.
station.events.subscribe((name, payload) => {
  if (name !== 'jobs.changed') return;
  const job = payload as JobView;
  if (['done', 'cancelled', 'failed'].includes(job.state)) say(`job-ended ${JSON.stringify(job)}`);
});
say('ready');

const requests = createInterface({ input: process.stdin });
requests.on('line', (line) => {
  const { id, channel, input } = JSON.parse(line) as { id: number; channel: string; input: unknown };
  void station.dispatch(channel, input).then((answer) => say(`answer ${id} ${JSON.stringify(answer)}`));
});
requests.once('close', () => {
  void station.close().then(() => process.exit(0));
});
