// Network measurements of the service's listeners: open TCP connections and the bytes received
// and sent since the service started (closed connections' bytes are kept in running totals).
import type { Socket } from 'node:net';

export interface NetworkReading {
  readonly connections: number;
  readonly incomingBytes: number;
  readonly outgoingBytes: number;
}

export class ConnectionTracker {
  private readonly open = new Set<Socket>();
  private closedIn = 0;
  private closedOut = 0;

  /** Follows one accepted connection until it closes. */
  track(socket: Socket): void {
    this.open.add(socket);
    socket.once('close', () => {
      this.open.delete(socket);
      this.closedIn += socket.bytesRead;
      this.closedOut += socket.bytesWritten;
    });
  }

  read(): NetworkReading {
    let incomingBytes = this.closedIn;
    let outgoingBytes = this.closedOut;
    for (const socket of this.open) {
      incomingBytes += socket.bytesRead;
      outgoingBytes += socket.bytesWritten;
    }
    return { connections: this.open.size, incomingBytes, outgoingBytes };
  }
}
