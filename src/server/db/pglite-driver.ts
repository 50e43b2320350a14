import {
  type PGlite,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import { type Parsers, readReply } from './pglite-replies.ts';

/**
 * How Folio's requests reach embedded PGlite (docs/benchmarks.md, "The embedded default, faster").
 *
 * PGlite's own `query` parses and plans every statement afresh and crosses into the WebAssembly
 * backend six times (parse, describe, bind, describe, execute, sync): 0.3 ms for `SELECT 1`, about
 * half of a library request's database time. Here each statement text is parsed once into a named
 * prepared statement, and every later run is one crossing (bind, describe, execute, sync); its reply
 * is read by pglite-replies.ts. Plans follow PostgreSQL's plan cache: custom plans for the first five
 * runs, then the generic plan if it costs no more than they did (docs/decisions.md).
 */

/** Statement texts kept prepared; the least recently used is closed beyond this. */
const STATEMENTS_KEPT = 500;

/** PGlite's members this layer uses beside its public API (present in 0.5; the tests cover them). */
interface PgliteInternals {
  parsers: Parsers;
  serializers: Record<number, (value: unknown) => string>;
}

interface Prepared {
  name: string;
  /** the parameters' types as PostgreSQL inferred them, for the serialisers */
  types: number[];
}

/** cached plan must not change result type: the statement's table changed under it */
const PLAN_CHANGED = '0A000';

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Resolves on the event loop's next turn, after the I/O callbacks already waiting. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The client drizzle is given: `query` (on the database and in a transaction) through prepared
 * statements, and every statement waiting a turn of the event loop first. PGlite executes SQL on the
 * main thread and a query's promise settles in a microtask: a chain of statements (a transaction, a
 * request's several reads) would otherwise hold the loop from its first statement to its last, and no
 * other request, not even the health check, would be answered meanwhile.
 */
export function folioPgliteClient(client: PGlite): PGlite {
  const internals = client as unknown as PgliteInternals;
  const statements = new Map<string, Prepared>();
  // PGlite would copy its parsers (hundreds of types) into a new object for every query that brings
  // its own few (drizzle's, a new object each time): these few sit in front of PGlite's instead
  const withDefaults = (parsers: NonNullable<QueryOptions['parsers']>): PgliteInternals['parsers'] =>
    Object.assign(Object.create(internals.parsers), parsers);
  let named = 0;

  /**
   * Sends protocol messages and returns the reply's bytes, unread: PGlite's other entry points run
   * every reply through its own message reader first (see pglite-replies.ts).
   */
  async function exchange(messages: Uint8Array): Promise<Uint8Array> {
    const chunks: Uint8Array[] = [];
    // the chunks are views of the backend's memory, reused by the next write: each is copied
    await client.execProtocolRawStream(messages, {
      syncToFs: false,
      onRawData: (bytes) => chunks.push(bytes.slice()),
    });
    return chunks.length === 1 ? chunks[0]! : concat(chunks);
  }

  /** Parses `text` into a named statement (closing the oldest beyond the limit) and learns its parameter types. */
  async function prepare(text: string): Promise<Prepared> {
    const closing: Uint8Array[] = [];
    while (statements.size >= STATEMENTS_KEPT) {
      const [oldest, st] = statements.entries().next().value as [string, Prepared];
      statements.delete(oldest);
      closing.push(protocol.serialize.close({ type: 'S', name: st.name }));
    }
    named += 1;
    const name = `folio_${named}`;
    const described = await exchange(
      concat([
        ...closing,
        protocol.serialize.parse({ name, text, types: [] }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
    );
    const st = { name, types: readReply(described, internals.parsers).parameterTypes };
    statements.set(text, st);
    return st;
  }

  async function run<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    let st = statements.get(text);
    if (st) {
      // most recently used last, so the map's first entry is the one to close
      statements.delete(text);
      statements.set(text, st);
    } else {
      st = await prepare(text);
    }
    const types = st.types;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serialize = options?.serializers?.[types[i]!] ?? internals.serializers[types[i]!];
      return serialize ? serialize(value) : String(value);
    });
    const reply = await exchange(
      concat([
        protocol.serialize.bind({ statement: st.name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
    );
    const parsers = options?.parsers ? withDefaults(options.parsers) : internals.parsers;
    return readReply(reply, parsers, options?.rowMode).results as Results<T>;
  }

  /** One statement, prepared; a statement whose table changed is prepared again once. */
  async function runPrepared<T>(text: string, params: unknown[] = [], options?: QueryOptions) {
    try {
      return await run<T>(text, params, options);
    } catch (err) {
      if ((err as { code?: string }).code !== PLAN_CHANGED) throw err;
      statements.delete(text);
      return run<T>(text, params, options);
    }
  }

  const database = new Proxy(client, {
    get(target, key) {
      if (key === 'query')
        return async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
          await nextTurn();
          if (options?.blob) return target.query<T>(text, params, options);
          // outside a transaction: wait for any running one, then take the query lock, as PGlite's query does
          const results = await target._runExclusiveTransaction(() =>
            target._runExclusiveQuery(() => runPrepared<T>(text, params, options)),
          );
          await target.syncToFs();
          return results;
        };
      if (key === 'exec')
        return async (text: string, options?: QueryOptions) => {
          await nextTurn();
          return target.exec(text, options);
        };
      if (key === 'transaction')
        return <R>(work: (tx: Transaction) => Promise<R>) =>
          target.transaction((tx) => work(inTransaction(target, tx, runPrepared)));
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return database;
}

/** A transaction whose statements run prepared; it already holds the transaction lock. */
function inTransaction(
  client: PGlite,
  tx: Transaction,
  runPrepared: <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>,
): Transaction {
  return new Proxy(tx, {
    get(target, key) {
      if (key === 'query')
        return async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
          await nextTurn();
          if (target.closed) throw new Error('Transaction is closed');
          if (options?.blob) return target.query<T>(text, params, options);
          return client._runExclusiveQuery(() => runPrepared<T>(text, params, options));
        };
      if (key === 'exec')
        return async (text: string, options?: QueryOptions) => {
          await nextTurn();
          return target.exec(text, options);
        };
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
