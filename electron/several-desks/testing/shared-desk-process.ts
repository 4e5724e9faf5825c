import { resolve } from 'node:path';
import type { JobView } from '../../../shared/domain/issuing';
import type { Result } from '../../../shared/result';
import type { SettingsPatch } from '../../../shared/settings/settings-schema';
import type { SharedConnectionSettings } from '../../store/postgres/open-shared-database';
import { startFixtureProcess, type FixtureGroup, type FixtureProcess } from '../../testing/fixture-process';

const fixturePath = resolve(import.meta.dirname, 'shared-desk-fixture.ts');

/** What a desk process is started with. */
export interface SharedDeskSetup {
  deskName: string;
  /** Its own data folder (SQLite files, vault); the same folder again is the same desk restarted. */
  dataDir: string;
  /** Save the settings first (a fresh folder); false for a desk started again on its folder. */
  configure: boolean;
  token: string;
  sandboxUrl: string;
  /** This desk's own print component. */
  emulatorUrl: string;
  /** The sandbox desk's settings (`sandboxDeskPatch`). */
  deskPatch: SettingsPatch;
  database: SharedConnectionSettings & { password: string };
  /** How long its claims live without renewal; the station's 60 s unless set (a test pausing a desk past its lease shortens it). */
  leaseMs?: number;
  /** Wait for the shared database before `ready` (the default); false for a desk whose link a test expects refused. */
  awaitConnection?: boolean;
}

/** A desk running as its own process, driven through the IPC contract. */
export interface SharedDeskProcess {
  readonly name: string;
  /** A contract call; throws with the error code unless it answers ok. */
  call<T>(channel: string, input?: unknown): Promise<T>;
  /** Waits until the job has ended (done, cancelled or failed) and answers its view. */
  jobEnded(jobId: string, timeoutMs?: number): Promise<JobView>;
  /** SIGKILL: the desk dies mid-whatever, as a power cut does. */
  kill(): Promise<void>;
  /** SIGSTOP: the desk freezes mid-whatever (a hung machine, a laptop lid), its sockets left open. */
  pause(): void;
  /** SIGCONT: the frozen desk goes on where it stopped. */
  resume(): void;
  /** Ends its input: the station closes and the process exits. */
  close(): Promise<void>;
}

/** Starts a desk process and waits until it is connected to the shared database. */
export async function startSharedDesk(setup: SharedDeskSetup, start: FixtureGroup['start'] = startFixtureProcess): Promise<SharedDeskProcess> {
  const child: FixtureProcess = start(fixturePath, [JSON.stringify(setup)]);
  await child.until(() => /^ready$/m.test(child.output()), `${setup.deskName} ready`, 60_000);
  let requests = 0;
  let read = 0;
  const answers = new Map<number, unknown>();
  /** Each job's latest ending told, with the place of its line in the output (a retried job ends again). */
  const endings = new Map<string, { view: JobView; at: number }>();
  const collect = () => {
    const output = child.output();
    for (let end = output.indexOf('\n', read); end !== -1; end = output.indexOf('\n', read)) {
      const line = output.slice(read, end);
      const answer = /^answer (\d+) (.*)$/.exec(line);
      if (answer) answers.set(Number(answer[1]), JSON.parse(answer[2] as string));
      const ended = /^job-ended (.*)$/.exec(line);
      if (ended) {
        const view = JSON.parse(ended[1] as string) as JobView;
        endings.set(view.id, { view, at: read });
      }
      read = end + 1;
    }
  };
  const call = async <T>(channel: string, input: unknown = {}): Promise<T> => {
    requests += 1;
    const id = requests;
    child.send(JSON.stringify({ id, channel, input }));
    await child.until(() => (collect(), answers.has(id)), `${setup.deskName}: the answer to ${channel}`, 120_000);
    const answer = answers.get(id) as Result<T>;
    answers.delete(id);
    if (!answer.ok) throw new Error(`${setup.deskName} ${channel}: ${answer.error.code} ${JSON.stringify(answer.error.params)}`);
    return answer.data;
  };
  return {
    name: setup.deskName,
    call,
    async jobEnded(jobId, timeoutMs = 120_000) {
      // An ending told from here on; or the job's state now, if it has ended (before this process told it, in a desk's earlier life).
      collect();
      const from = read;
      const known = (await call<JobView[]>('jobs.list', {})).find((candidate) => candidate.id === jobId);
      if (known && ['done', 'cancelled', 'failed'].includes(known.state)) return known;
      const endedSince = () => ((endings.get(jobId)?.at ?? -1) >= from ? endings.get(jobId)?.view : undefined);
      await child.until(() => (collect(), endedSince() !== undefined), `${setup.deskName}: job ${jobId} to end`, timeoutMs);
      return endedSince() as JobView;
    },
    async kill() {
      await child.kill();
    },
    pause() {
      child.signal('SIGSTOP');
    },
    resume() {
      child.signal('SIGCONT');
    },
    async close() {
      child.closeInput();
      await child.finished();
    },
  };
}
