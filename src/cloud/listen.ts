// Puts an HTTP server of the control plane on its address: the API and each workspace's proxy
// listen the same way (a refused bind rejects, port 0 takes a free port) and close the same way
// (open connections are ended, so close never waits on a keep-alive client).
import type { Server } from 'node:http';

export interface Listening {
  /** The bound port (the free one chosen when 0 was asked). */
  readonly port: number;
  close(this: void): Promise<void>;
}

export async function listen(server: Server, port: number, host: string): Promise<Listening> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address !== null ? address.port : port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
