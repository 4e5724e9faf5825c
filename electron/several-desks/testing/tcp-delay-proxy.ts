import { createConnection, createServer, type Socket } from 'node:net';

/** A loopback TCP proxy that holds every byte a fixed time each way: a far desk's link to the server. */
export interface TcpDelayProxy {
  /** The port on 127.0.0.1 to connect to instead of the target's. */
  readonly port: number;
  /** Connections open through it now. */
  connections(): number;
  /** Stops listening and cuts every connection through it. */
  close(): Promise<void>;
}

/** What the proxy forwards to and how far away it makes it. */
export interface TcpDelayProxyOptions {
  /** The port on 127.0.0.1 it forwards to (the proxy never reaches another host). */
  targetPort: number;
  /** Added to every chunk in each direction, so a round trip costs twice this. */
  delayMs: number;
  /** Connections at once, at most; more are refused (a desk holds 5 to PostgreSQL). */
  maxConnections?: number;
  /** Bytes held in one direction of one connection before its sender is paused (backpressure, bounded memory). */
  maxHeldBytes?: number;
}

/**
 * One direction of a connection: every chunk read from `from` is written to `to` `delayMs`
 * later, in order (a later chunk never overtakes an earlier one), and the end of `from` reaches
 * `to` as late as its last chunk. Past `maxHeldBytes` held, `from` is paused until they are out.
 */
function delayOneWay(from: Socket, to: Socket, delayMs: number, maxHeldBytes: number, timers: Set<NodeJS.Timeout>): void {
  let held = 0;
  const later = (action: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      action();
    }, delayMs);
    timers.add(timer);
  };
  from.on('data', (chunk: Buffer) => {
    held += chunk.length;
    if (held > maxHeldBytes) from.pause();
    // Timers of one delay fire in the order they were set: chunks keep their order.
    later(() => {
      held -= chunk.length;
      if (!to.destroyed) to.write(chunk);
      if (held <= maxHeldBytes && from.isPaused() && !from.destroyed) from.resume();
    });
  });
  // The end travels as late as the last chunk before it; so does a close (the other side is ended, never cut short).
  from.on('end', () => later(() => to.end()));
  from.on('close', () => later(() => to.end()));
}

/**
 * Starts a TCP proxy on 127.0.0.1 (a free port) to `targetPort` on 127.0.0.1 that delays each
 * direction by `delayMs`: the round trips of a desk far from its server, without touching the
 * machine's network settings. A reset or error on either side cuts both, as a real link does.
 * Bounded: at most `maxConnections` connections and `maxHeldBytes` held per direction.
 */
export async function startTcpDelayProxy(options: TcpDelayProxyOptions): Promise<TcpDelayProxy> {
  const { targetPort, delayMs } = options;
  const maxConnections = options.maxConnections ?? 64;
  const maxHeldBytes = options.maxHeldBytes ?? 4 * 1024 * 1024;
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let open = 0;
  // Half-open: one side's end is forwarded (late), not answered at once by closing the other.
  const server = createServer({ allowHalfOpen: true }, (near) => {
    const far = createConnection({ host: '127.0.0.1', port: targetPort, allowHalfOpen: true });
    open += 1;
    near.once('close', () => (open -= 1));
    for (const socket of [near, far]) {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
      // A reset or error on one side cuts both at once, as a broken link does.
      socket.on('error', () => {
        near.destroy();
        far.destroy();
      });
    }
    delayOneWay(near, far, delayMs, maxHeldBytes, timers);
    delayOneWay(far, near, delayMs, maxHeldBytes, timers);
  });
  server.maxConnections = maxConnections;
  await new Promise<void>((listening, failed) => {
    server.once('error', failed);
    server.listen(0, '127.0.0.1', listening);
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the delay proxy has no port');
  return {
    port: address.port,
    connections: () => open,
    async close() {
      const closed = new Promise<void>((done) => server.close(() => done()));
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
