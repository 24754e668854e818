// The mobile link of the page-load bench: a TCP relay between the browser and the server that makes
// every connection cost what it costs on a phone's network. Chromium's own throttling (the DevTools
// Protocol) delays each request's answer and caps the bandwidth, but opens connections for free:
// the relay adds the rest, as Lighthouse's simulation counts it (decision 039).
//   - The first connection waits for the name lookup (`dnsRoundTrips` round trips), and every
//     connection for its TCP handshake (one round trip) before its first bytes reach the server.
//   - Every byte then travels half a round trip each way, so a request on an open connection costs
//     one round trip.
// The bandwidth is left to Chromium, which shares it between the page's requests.
import { createServer, connect, type AddressInfo, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';

export type LinkProfile = {
  roundTripMs: number;
  /** Round trips of the first name lookup; later connections find the name known. */
  dnsRoundTrips: number;
};

export type MobileLink = {
  /** `http://127.0.0.1:port`, the address to open pages at. */
  address: string;
  close: () => Promise<void>;
};

/** One direction of a connection: chunks delivered in order, each no sooner than its time. */
class DelayLine {
  private readonly queue: { at: number; chunk: Buffer | null }[] = [];
  private timer: NodeJS.Timeout | null = null;
  private lastAt = 0;

  constructor(private readonly to: Socket) {}

  /** Delivers `chunk` (null: the end of the stream) at `at`, or after what was sent before it. */
  send(at: number, chunk: Buffer | null): void {
    this.lastAt = Math.max(at, this.lastAt);
    this.queue.push({ at: this.lastAt, chunk });
    this.schedule();
  }

  private schedule(): void {
    const next = this.queue[0];
    if (this.timer || !next) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      const now = performance.now();
      while (this.queue[0] && this.queue[0].at <= now + 1) {
        const { chunk } = this.queue.shift()!;
        if (this.to.destroyed) continue;
        if (chunk === null) this.to.end();
        else this.to.write(chunk);
      }
      this.schedule();
    }, Math.max(0, next.at - performance.now()));
  }
}

/** Starts a relay to `target` (`host:port` of the server); a new one for each page load, so its first connection looks the name up. */
export async function startMobileLink(target: { host: string; port: number }, profile: LinkProfile): Promise<MobileLink> {
  const oneWay = profile.roundTripMs / 2;
  let nameKnownAt: number | null = null;
  const sockets = new Set<Socket>();

  const server = createServer((client) => {
    const openedAt = performance.now();
    nameKnownAt ??= openedAt + profile.dnsRoundTrips * profile.roundTripMs;
    // SYN, SYN-ACK, then the ACK with the request: the first bytes reach the server 1.5 round trips
    // after the name is known.
    const handshakeDone = Math.max(nameKnownAt, openedAt) + profile.roundTripMs;
    const upstream = connect(target.port, target.host);
    sockets.add(client).add(upstream);
    const toServer = new DelayLine(upstream);
    const toClient = new DelayLine(client);
    client.on('data', (chunk) => toServer.send(Math.max(performance.now(), handshakeDone) + oneWay, chunk));
    client.on('end', () => toServer.send(Math.max(performance.now(), handshakeDone) + oneWay, null));
    upstream.on('data', (chunk) => toClient.send(performance.now() + oneWay, chunk));
    upstream.on('end', () => toClient.send(performance.now() + oneWay, null));
    // The server's end reaches the browser after the bytes before it (the queued `null`); a browser
    // that goes away takes the server's side with it.
    const fail = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', fail).on('close', () => {
      upstream.destroy();
      sockets.delete(client);
    });
    upstream.on('error', fail).on('close', () => sockets.delete(upstream));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    address: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
