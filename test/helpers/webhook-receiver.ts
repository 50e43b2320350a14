import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  path: string;
  headers: IncomingHttpHeaders;
  /** the raw body, exactly as it arrived (what the signature covers) */
  body: string;
}

export interface WebhookReceiver {
  /** e.g. http://127.0.0.1:41234/hook */
  url(pathname?: string): string;
  received: ReceivedDelivery[];
  /** the statuses the next requests get, in order; 200 once they are used up */
  answerWith(...statuses: number[]): void;
  /** resolves once `count` deliveries in all have arrived */
  waitFor(count: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real HTTP server on a loopback address that records every POST it gets: the receiving end of
 * webhook deliveries in API tests and the webhook journey.
 */
export async function startWebhookReceiver(port = 0, host = '127.0.0.1'): Promise<WebhookReceiver> {
  const received: ReceivedDelivery[] = [];
  const statuses: number[] = [];
  const waiters = new Set<() => void>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.statusCode = statuses.shift() ?? 200;
      res.end('ok');
      for (const w of waiters) w();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    url: (pathname = '/hook') => `${origin}${pathname}`,
    received,
    answerWith: (...s) => statuses.push(...s),
    waitFor(count) {
      return new Promise((resolve) => {
        const check = () => {
          if (received.length < count) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
