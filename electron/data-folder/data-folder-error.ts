import { hostname } from 'node:os';

/** Codes of the data folder's errors; not in the shared error catalog yet (StationError-shaped). */
export type DataFolderErrorCode = 'data-folder.locked' | 'data-folder.unusable';

/** Parameters of each data folder error. */
export interface DataFolderErrorParams {
  /** Who holds the folder: the holder's own description, process id, host and start time (ISO). */
  'data-folder.locked': { owner: string; pid: number; hostname: string; startedAt: string; dataDir: string };
  /** The folder, and the system error code that keeps it from being created or used. */
  'data-folder.unusable': { dataDir: string; reason: string };
}

const englishText: { [C in DataFolderErrorCode]: (params: DataFolderErrorParams[C]) => string } = {
  'data-folder.locked': ({ owner, pid, hostname: holderHost, startedAt }) => {
    const where = holderHost === hostname() ? '' : ` on ${holderHost}`;
    return `This data folder is in use by ${owner} (process ${pid}${where}, since ${startedAt}). Close it first, or start with another data folder.`;
  },
  'data-folder.unusable': ({ dataDir, reason }) => `The data folder ${dataDir} cannot be used (${reason}). Choose another data folder.`,
};

/** A typed failure of the data folder; its message is English, for the logs and the start-up dialog. */
export class DataFolderError<C extends DataFolderErrorCode = DataFolderErrorCode> extends Error {
  readonly retryable = false;

  constructor(
    readonly code: C,
    readonly params: DataFolderErrorParams[C],
  ) {
    super(englishText[code](params));
    this.name = 'DataFolderError';
  }
}
