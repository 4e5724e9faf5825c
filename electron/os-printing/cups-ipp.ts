import { request } from 'node:http';

/**
 * Just enough IPP (RFC 8010/8011) to ask a CUPS scheduler what became of its jobs. `lpstat` cannot
 * tell: it lists a canceled job among the completed ones, and CUPS leaves a completed job's
 * job-state-reasons at whatever they were (often `processing-to-stop-point`, the same as a canceled
 * one's). Only the job-state attribute is exact, and only IPP carries it. The maintained npm IPP
 * packages are none (see cups-printing.ts), and one request type needs only this much.
 */

/** Where the CUPS scheduler listens: a local domain socket or a host and port. */
export type CupsServer = { kind: 'socket'; path: string } | { kind: 'tcp'; host: string; port: number };

/**
 * Reads the server as `lpstat -H` prints it (which applies CUPS_SERVER and client.conf like every
 * CUPS client): `/run/cups/cups.sock`, `localhost:631`, `[::1]:631`.
 */
export function parseCupsServer(text: string): CupsServer | null {
  const server = text.trim().replace(/\/version=[\d.]+$/, '');
  if (server.startsWith('/')) return { kind: 'socket', path: server };
  const match = /^(\[[^\]]+\]|[^:\s]+)(?::(\d+))?$/.exec(server);
  if (!match?.[1]) return null;
  return { kind: 'tcp', host: match[1].replace(/^\[|\]$/g, ''), port: match[2] ? Number(match[2]) : 631 };
}

/** How a server is named in messages: its socket path, or host:port. */
export function describeCupsServer(server: CupsServer): string {
  return server.kind === 'socket' ? server.path : `${server.host}:${server.port}`;
}

/** An IPP job-state value (RFC 8011 §5.3.7). */
export const IPP_JOB_STATE = {
  pending: 3,
  pendingHeld: 4,
  processing: 5,
  processingStopped: 6,
  canceled: 7,
  aborted: 8,
  completed: 9,
} as const;

/** One job as the scheduler reports it. */
export interface CupsJobAttributes {
  jobId: number;
  /** The job-state enum (see IPP_JOB_STATE). */
  state: number;
  /** job-state-message, else job-printer-state-message (what the printer said last): may be empty. */
  message: string;
}

/** What the scheduler answered over HTTP: its product (the `Server` header) and the IPP body. */
interface HttpAnswer {
  statusCode: number;
  server: string | null;
  body: Buffer;
}

const requestTimeoutMs = 5_000;

/** One HTTP exchange with the scheduler; rejects when it cannot be reached. */
function exchange(server: CupsServer, method: 'HEAD' | 'POST', body?: Buffer): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const where = server.kind === 'socket' ? { socketPath: server.path } : { host: server.host, port: server.port };
    const outgoing = request(
      {
        ...where,
        method,
        path: '/',
        timeout: requestTimeoutMs,
        headers: { Host: 'localhost', ...(body && { 'Content-Type': 'application/ipp', 'Content-Length': body.length }) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        const product = response.headers['server'];
        response.on('end', () =>
          resolve({ statusCode: response.statusCode ?? 0, server: typeof product === 'string' ? product : null, body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer from the CUPS scheduler within ${requestTimeoutMs} ms`)));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/**
 * The scheduler's product and version from its `Server` header (`CUPS/2.4 IPP/2.1` → `2.4`);
 * rejects when the scheduler cannot be reached.
 */
export async function cupsServerVersion(server: CupsServer): Promise<string | null> {
  const answer = await exchange(server, 'HEAD');
  return /CUPS\/([\w.]+)/.exec(answer.server ?? '')?.[1] ?? null;
}

// Value tags (RFC 8010 §3.5.2) used in requests and read in replies.
const tag = {
  operationAttributes: 0x01,
  jobAttributes: 0x02,
  end: 0x03,
  integer: 0x21,
  enum: 0x23,
  keyword: 0x44,
  uri: 0x45,
  charset: 0x47,
  naturalLanguage: 0x48,
} as const;

const getJobsOperation = 0x000a;

/** One attribute with one or more values, as IPP encodes it (further values carry an empty name). */
function encodeAttribute(valueTag: number, name: string, values: readonly string[]): Buffer {
  return Buffer.concat(
    values.map((value, index) => {
      const nameBytes = Buffer.from(index === 0 ? name : '', 'utf8');
      const valueBytes = Buffer.from(value, 'utf8');
      const head = Buffer.alloc(3);
      head.writeUInt8(valueTag, 0);
      head.writeUInt16BE(nameBytes.length, 1);
      const length = Buffer.alloc(2);
      length.writeUInt16BE(valueBytes.length, 0);
      return Buffer.concat([head, nameBytes, length, valueBytes]);
    }),
  );
}

/** A Get-Jobs request for every job the scheduler still knows (pending, printing and the history). */
function getJobsRequest(): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt16BE(0x0200, 0); // IPP 2.0
  header.writeUInt16BE(getJobsOperation, 2);
  header.writeUInt32BE(1, 4);
  return Buffer.concat([
    header,
    Buffer.from([tag.operationAttributes]),
    encodeAttribute(tag.charset, 'attributes-charset', ['utf-8']),
    encodeAttribute(tag.naturalLanguage, 'attributes-natural-language', ['en']),
    // The server's root: the jobs of every queue (job ids are unique per scheduler).
    encodeAttribute(tag.uri, 'printer-uri', ['ipp://localhost/']),
    // `job-ids` would be narrower, but CUPS fails the whole request when one id is gone.
    encodeAttribute(tag.keyword, 'which-jobs', ['all']),
    encodeAttribute(tag.keyword, 'requested-attributes', ['job-id', 'job-state', 'job-state-message', 'job-printer-state-message']),
    Buffer.from([tag.end]),
  ]);
}

/** A reply's status and its job groups as name → first value (text or integer). */
function decodeReply(body: Buffer): { status: number; message: string; jobs: Map<string, string | number>[] } {
  if (body.length < 8) throw new Error('the IPP reply is too short');
  const status = body.readUInt16BE(2);
  const jobs: Map<string, string | number>[] = [];
  let message = '';
  let group: Map<string, string | number> | null = null;
  let offset = 8;
  while (offset < body.length) {
    const valueTag = body.readUInt8(offset);
    offset += 1;
    if (valueTag === tag.end) break;
    if (valueTag < 0x10) {
      group = valueTag === tag.jobAttributes ? new Map() : null;
      if (group) jobs.push(group);
      continue;
    }
    const nameLength = body.readUInt16BE(offset);
    const name = body.toString('utf8', offset + 2, offset + 2 + nameLength);
    offset += 2 + nameLength;
    const valueLength = body.readUInt16BE(offset);
    const value = body.subarray(offset + 2, offset + 2 + valueLength);
    offset += 2 + valueLength;
    // Further values of an attribute (empty name) and collection members are not needed here.
    if (name === '') continue;
    const read = (valueTag === tag.integer || valueTag === tag.enum) && valueLength === 4 ? value.readInt32BE(0) : value.toString('utf8');
    if (group) group.set(name, read);
    else if (name === 'status-message') message = String(read);
  }
  return { status, message, jobs };
}

/**
 * Every job the scheduler knows, by job id: those waiting or printing and the completed,
 * canceled and aborted ones it keeps in its history (CUPS keeps the last 500 by default).
 * Rejects when the scheduler cannot be reached or refuses.
 */
export async function cupsJobs(server: CupsServer): Promise<Map<number, CupsJobAttributes>> {
  const answer = await exchange(server, 'POST', getJobsRequest());
  if (answer.statusCode !== 200) throw new Error(`the CUPS scheduler answered HTTP ${answer.statusCode}`);
  const reply = decodeReply(answer.body);
  // IPP status codes below 0x0100 are successes.
  if (reply.status >= 0x0100) throw new Error(`the CUPS scheduler refused Get-Jobs: ${reply.message || `status 0x${reply.status.toString(16)}`}`);
  const jobs = new Map<number, CupsJobAttributes>();
  for (const job of reply.jobs) {
    const jobId = job.get('job-id');
    const state = job.get('job-state');
    if (typeof jobId !== 'number' || typeof state !== 'number') continue;
    const message = String(job.get('job-state-message') ?? '') || String(job.get('job-printer-state-message') ?? '');
    jobs.set(jobId, { jobId, state, message });
  }
  return jobs;
}
