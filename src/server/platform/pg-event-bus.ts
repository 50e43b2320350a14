import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, Db } from '../db/client.ts';
import { type BusHandler, type EventBus, InProcessEventBus } from './event-bus.ts';

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more (default build). */
export const NOTIFY_LIMIT_BYTES = 7999;
export const DEFAULT_CHANNEL = 'folio_events';

export type BusLog = (message: string, err?: unknown) => void;

export interface PgEventBusOptions {
  /** the listener gets its own connection: LISTEN needs a session that is never returned to a pool */
  connectionString: string;
  /** NOTIFY goes through the app's pool, so publishing does not queue behind a reconnecting listener */
  db: Db;
  channel?: string;
  /** first delay before reconnecting a dropped listener; doubles up to 30 s */
  reconnectDelayMs?: number;
  log?: BusLog;
}

/**
 * Event bus shared by every app instance on one PostgreSQL database, through LISTEN/NOTIFY on one
 * channel carrying `{topic, payload}` JSON. Local handlers run only when the notification comes
 * back, so an instance receives its own events exactly once, in the order PostgreSQL delivers them.
 *
 * Payload limit: a message over ~8 KB is sent without its `item` field (clients refetch the item
 * by `link_id`); one still too big is dropped with a warning. Events published while the listener
 * is reconnecting are lost to this instance; sockets keep what they have until their next change.
 */
export class PgEventBus implements EventBus {
  private readonly handlers = new InProcessEventBus();
  private readonly channel: string;
  private readonly log: BusLog;
  private client: pg.Client | undefined;
  private closed = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryDelayMs: number;

  constructor(private readonly options: PgEventBusOptions) {
    this.channel = options.channel ?? DEFAULT_CHANNEL;
    this.log = options.log ?? ((message, err) => console.warn(message, err ?? ''));
    this.retryDelayMs = options.reconnectDelayMs ?? 1000;
  }

  /** Connects and LISTENs; resolves once notifications flow, so nothing published after is missed. */
  async start(): Promise<void> {
    if (this.closed) throw new Error('event bus is closed');
    const client = new pg.Client({ connectionString: this.options.connectionString });
    // Without an error listener a dropped connection would crash the process.
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client));
    client.on('notification', (msg) => {
      if (msg.channel === this.channel && msg.payload) this.dispatch(msg.payload);
    });
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(this.channel)}`);
    } catch (err) {
      this.lost(client, err);
      throw err;
    }
    this.retryDelayMs = this.options.reconnectDelayMs ?? 1000;
  }

  async publish(topic: string, payload: unknown): Promise<void> {
    const text = encode(topic, payload);
    if (!text) {
      this.log(`event on ${topic} is too big for NOTIFY even without its item; dropped`);
      return;
    }
    try {
      await this.options.db.execute(sql`SELECT pg_notify(${this.channel}, ${text})`);
    } catch (err) {
      // The change is already committed: failing the caller's request would only invite a retry.
      this.log(`could not publish an event on ${topic}`, err);
    }
  }

  subscribe(topic: string, handler: BusHandler): () => void {
    // A throwing subscriber must not stop the others or the listener.
    return this.handlers.subscribe(topic, (payload) => {
      try {
        handler(payload);
      } catch (err) {
        this.log(`event handler on ${topic} failed`, err);
      }
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await this.handlers.close();
    await client?.end().catch(() => {});
  }

  private dispatch(text: string) {
    let message: { topic?: unknown; payload?: unknown };
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof message.topic === 'string') void this.handlers.publish(message.topic, message.payload);
  }

  /** The listener's connection failed or ended: start over on a fresh client after a back-off. */
  private lost(client: pg.Client, err?: unknown) {
    if (this.closed || this.client !== client) return;
    this.client = undefined;
    client.end().catch(() => {});
    this.log('event listener connection lost; reconnecting', err);
    const delay = this.retryDelayMs;
    this.retryDelayMs = Math.min(delay * 2, 30_000);
    this.retryTimer = setTimeout(() => {
      this.start().catch(() => {});
    }, delay);
    this.retryTimer.unref();
  }
}

/** The NOTIFY text, shrunk to fit when it can be: undefined when it cannot. */
export function encode(topic: string, payload: unknown): string | undefined {
  const fits = (text: string) => Buffer.byteLength(text, 'utf8') <= NOTIFY_LIMIT_BYTES;
  const text = JSON.stringify({ topic, payload });
  if (fits(text)) return text;
  if (payload && typeof payload === 'object' && 'item' in payload) {
    const { item: _dropped, ...rest } = payload as Record<string, unknown>;
    const smaller = JSON.stringify({ topic, payload: rest });
    if (fits(smaller)) return smaller;
  }
  return undefined;
}

/** LISTEN/NOTIFY when the app runs on PostgreSQL, so several instances share events; else in-process. */
export async function createEventBus(
  config: { databaseUrl?: string },
  database: Database,
  log?: BusLog,
): Promise<EventBus> {
  if (database.kind !== 'postgres' || !config.databaseUrl) return new InProcessEventBus();
  const bus = new PgEventBus({ connectionString: config.databaseUrl, db: database.db, log });
  await bus.start();
  return bus;
}
