// The node:http listeners: the main one (GSQL port: /restpp, /gsql, /gsqlserver, /informant,
// /api) and, when asked, the legacy REST++ one (port 9000 form, no prefix). Both hand every
// request to dispatch(); close() stops accepting, lets in-flight requests finish for a grace
// period, then cuts the remaining connections.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorOf } from '../metrics/monitor.js';
import { dispatch, type DispatchState, type Listener } from './dispatch.js';
import { guardKeepAlive } from './keep-alive.js';
import type { ListenerKind } from './route-table.js';

export interface HttpListener {
  readonly kind: ListenerKind;
  readonly port: number;
  close(graceMs: number): Promise<void>;
}

/** Room for our own 414 answer: Node's default 16 KB header limit would answer 431 first. */
const maxHeaderSize = 64 * 1024;

export async function listen(
  state: DispatchState,
  kind: ListenerKind,
  host: string,
  port: number,
): Promise<HttpListener> {
  // While stopping (`closing`), answers end their connection so the server can close without
  // waiting; dispatch adds the header as it answers (no per-request bookkeeping here).
  const listener: Listener = { kind, host, port, closing: false };
  const server: Server = createServer({ maxHeaderSize, requireHostHeader: true }, (req, res) => {
    dispatch(state, listener, req, res).catch((error: unknown) => {
      // dispatch answers every failure itself; reaching here is a bug, never a crash.
      state.log.error('request failed outside the pipeline', error);
      res.destroy();
    });
  });
  guardKeepAlive(server);
  // Open connections and their bytes, for the network metrics.
  server.on('connection', (socket) => monitorOf(state.engine).connections.track(socket));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  listener.port = (server.address() as AddressInfo).port;
  return {
    kind,
    port: listener.port,
    close: (graceMs) =>
      new Promise<void>((resolve) => {
        listener.closing = true;
        const timer = setTimeout(() => server.closeAllConnections(), graceMs);
        timer.unref();
        server.close(() => {
          clearTimeout(timer);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
