import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import type { ItemEvent } from '../../src/server/platform/event-bus.ts';
import { TEST_ORIGIN, type TestClient } from './app.ts';

/** Listens on a free local port (sockets need a real server, not inject) and returns its ws:// base. */
export async function listenLocally(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}`;
}

/** A client of the live socket that collects messages and tells how it ended. */
export class LiveSocket {
  readonly messages: ItemEvent[] = [];
  /** pings received; the server pings only after it found the session still active */
  pings = 0;
  readonly opened: Promise<void>;
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly ws: WebSocket;
  private waiter: (() => void) | undefined;

  constructor(
    base: string,
    opts: {
      client?: TestClient;
      name?: string;
      origin?: string | null;
      /** more query fields (a personal token's access_token) */
      query?: Record<string, string>;
      /** subprotocols offered (a browser's way to send a personal token) */
      protocols?: string[];
    },
  ) {
    const cookie = opts.client ? [...opts.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : '';
    const name = opts.name ?? opts.client?.name ?? '';
    const origin = opts.origin === undefined ? TEST_ORIGIN : opts.origin;
    const query = new URLSearchParams({ name, ...opts.query });
    this.ws = new WebSocket(`${base}/websocket?${query}`, opts.protocols ?? [], {
      headers: { ...(cookie ? { cookie } : {}), ...(origin ? { origin } : {}) },
    });
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
    this.closed = new Promise((resolve) => {
      this.ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    });
    this.ws.on('ping', () => {
      this.pings += 1;
      this.waiter?.();
    });
    this.ws.on('message', (data) => {
      this.messages.push(JSON.parse(data.toString()));
      this.waiter?.();
    });
  }

  /** Waits until `count` messages have arrived and returns them all. */
  async waitFor(count: number, timeoutMs = 20_000): Promise<ItemEvent[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.messages.length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`expected ${count} messages, got ${JSON.stringify(this.messages)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    return this.messages;
  }

  /** Waits until `count` pings have arrived in all; fails if the socket closes first. */
  async waitForPings(count: number): Promise<void> {
    let ended = false;
    void this.closed.then(() => {
      ended = true;
      this.waiter?.();
    });
    while (this.pings < count) {
      if (ended) throw new Error(`closed after ${this.pings} of ${count} pings`);
      await new Promise<void>((resolve) => {
        this.waiter = resolve;
      });
    }
  }

  /** the subprotocol the server chose */
  get protocol(): string {
    return this.ws.protocol;
  }

  async close(): Promise<void> {
    if (this.ws.readyState !== WebSocket.CLOSED) this.ws.close();
    await this.closed;
  }
}

/** Opens a live socket and waits until the server has accepted it. */
export async function openLive(base: string, opts: ConstructorParameters<typeof LiveSocket>[1]) {
  const socket = new LiveSocket(base, opts);
  await socket.opened;
  return socket;
}
