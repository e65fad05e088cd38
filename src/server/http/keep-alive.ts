// Keep-alive without resets after a busy moment. Node ends an idle kept-alive connection when its
// keep-alive timer fires, and timers run before the event loop reads sockets: after any moment
// the loop was busy for longer than the keep-alive timeout (a large load, a fold of the
// adjacency), a client that sent its next request meanwhile found its connection reset
// (ECONNRESET, the request lost unanswered: seen with 200k-edge /ddl requests past 8M edges).
// With this guard a timed-out connection is ended only after the loop has read what arrived: if
// a request (or any byte of one) came in, the connection stays and serves it.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** Requests of each connection that have not finished answering. */
const open = new WeakMap<Socket, number>();

export function guardKeepAlive(server: Server): void {
  server.on('request', (req, res) => {
    const socket = req.socket;
    open.set(socket, (open.get(socket) ?? 0) + 1);
    res.once('close', () => open.set(socket, (open.get(socket) ?? 1) - 1));
  });
  // A 'timeout' listener takes the decision from Node (which would destroy at once); the only
  // socket timeouts this server arms are Node's keep-alive ones (server.timeout stays 0).
  server.on('timeout', (socket: Socket) => {
    const read = socket.bytesRead;
    // setImmediate runs after the loop's poll phase: bytes already waiting are read by then.
    setImmediate(() => {
      if (socket.destroyed) return;
      if ((open.get(socket) ?? 0) > 0 || socket.bytesRead !== read) return;
      socket.destroy();
    });
  });
}
