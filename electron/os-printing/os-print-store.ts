import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { PrinterConfig, PrintFailure } from '../../shared/domain/printing';

/**
 * What the OS print component keeps between runs: each printer's paper size and offsets (the
 * operating system has no portable place for them) and which print-system job printed which
 * document of which task, so that after a restart the print system can be asked about the tasks
 * the print queue does not know the outcome of. The caller chooses where it lives.
 */

/** Where one document of a task stands on this path. */
export type OsPrintDocumentState =
  /** Not handed to the print system yet: after a restart, certainly never printed. */
  | { kind: 'pending' }
  /** Being rendered and handed over: after a restart, the print system may or may not have it. */
  | { kind: 'submitting' }
  /** The print system took it; `jobId` is its job (null when it named none). */
  | { kind: 'submitted'; jobId: string | null }
  | { kind: 'printed'; jobId: string | null }
  | { kind: 'failed'; failure: PrintFailure };

/** One document of a task and its state. */
export interface OsPrintDocumentRecord {
  documentId: string;
  state: OsPrintDocumentState;
}

/** One print task as this path handled it. */
export interface OsPrintTaskRecord {
  taskId: string;
  /** The printer it went to: the default printer's name when the task named none. */
  printer: string;
  /** When the task was received (ms since epoch). */
  createdAt: number;
  documents: readonly OsPrintDocumentRecord[];
}

/** The OS print component's persistence. Calls are synchronous: a state is saved before it takes effect. */
export interface OsPrintStore {
  printerConfig(printer: string): PrinterConfig | undefined;
  savePrinterConfig(config: PrinterConfig): void;
  task(taskId: string): OsPrintTaskRecord | undefined;
  /** Saves a task record, replacing the one with the same id; the oldest tasks beyond the store's limit are forgotten. */
  saveTask(record: OsPrintTaskRecord): void;
}

/** Everything a store holds, as plain JSON. */
export interface OsPrintStoreContents {
  printers: PrinterConfig[];
  /** Oldest first. */
  tasks: OsPrintTaskRecord[];
}

/** An in-memory store that can also hand out its contents. */
export interface InMemoryOsPrintStore extends OsPrintStore {
  contents(): OsPrintStoreContents;
}

/**
 * Tasks remembered by default: far more than a desk leaves unknown across a restart, while the
 * print system's own job history (CUPS keeps 500 jobs by default) is the real limit.
 */
export const DEFAULT_REMEMBERED_TASKS = 2_000;

/** An in-memory store, optionally holding what an earlier run saved. */
export function createInMemoryOsPrintStore(
  initial: OsPrintStoreContents = { printers: [], tasks: [] },
  options: { maxTasks?: number } = {},
): InMemoryOsPrintStore {
  const maxTasks = options.maxTasks ?? DEFAULT_REMEMBERED_TASKS;
  const printers = new Map(initial.printers.map((config) => [config.name, config]));
  // Insertion order is the order tasks were first saved: the first entries are the oldest.
  const tasks = new Map(initial.tasks.map((record) => [record.taskId, record]));
  return {
    printerConfig: (printer) => printers.get(printer),
    savePrinterConfig: (config) => {
      printers.set(config.name, config);
    },
    task: (taskId) => tasks.get(taskId),
    saveTask: (record) => {
      tasks.set(record.taskId, record);
      for (const oldest of tasks.keys()) {
        if (tasks.size <= maxTasks) break;
        tasks.delete(oldest);
      }
    },
    contents: () => ({ printers: [...printers.values()], tasks: [...tasks.values()] }),
  };
}

function readContents(file: string): OsPrintStoreContents {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { printers: [], tasks: [] };
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as Partial<OsPrintStoreContents>;
    if (Array.isArray(parsed.printers) && Array.isArray(parsed.tasks)) return { printers: parsed.printers, tasks: parsed.tasks };
  } catch {
    // Unreadable: set aside below.
  }
  // A damaged file is kept for support and replaced: tasks it knew become unknown to the queue,
  // which then asks the desk before anything is printed again.
  renameSync(file, `${file}.damaged-${Date.now()}`);
  return { printers: [], tasks: [] };
}

/**
 * A store in one JSON file, rewritten whole (through a temporary file and a rename, so a crash
 * leaves the old or the new version, never half of one) on every save.
 */
export function createFileOsPrintStore(file: string, options: { maxTasks?: number } = {}): OsPrintStore {
  mkdirSync(dirname(file), { recursive: true });
  const memory = createInMemoryOsPrintStore(readContents(file), options);
  const persist = (): void => {
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(memory.contents()));
    renameSync(temporary, file);
  };
  return {
    printerConfig: memory.printerConfig,
    task: memory.task,
    savePrinterConfig: (config) => {
      memory.savePrinterConfig(config);
      persist();
    },
    saveTask: (record) => {
      memory.saveTask(record);
      persist();
    },
  };
}
