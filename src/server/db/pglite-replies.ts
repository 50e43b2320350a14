import { protocol, type Results } from '@electric-sql/pglite';

/**
 * Reads the backend's reply bytes to one statement (PostgreSQL's frontend/backend protocol, the
 * messages a Bind..Sync or Parse..Sync brings back) straight into rows. PGlite's own reader copies
 * every field into a new buffer before decoding it and builds an object per message; on a library
 * page that was a tenth of the request's time. Field values are decoded from the reply in place.
 */

type Parser = (text: string, typeId: number) => unknown;
export type Parsers = Record<number, Parser>;

export interface Reply {
  results: Results;
  /** ParameterDescription: the parameters' types, after a Describe of a statement */
  parameterTypes: number[];
}

/** ErrorResponse field codes (protocol docs, "Error and Notice Message Fields") and the error's properties */
const ERROR_FIELDS: Record<string, string> = {
  S: 'severity',
  C: 'code',
  D: 'detail',
  H: 'hint',
  P: 'position',
  p: 'internalPosition',
  q: 'internalQuery',
  W: 'where',
  s: 'schema',
  t: 'table',
  c: 'column',
  d: 'dataType',
  n: 'constraint',
  F: 'file',
  L: 'line',
  R: 'routine',
};

function databaseError(buf: Buffer, start: number, end: number): Error {
  const fields: Record<string, string> = {};
  let at = start;
  while (at < end && buf[at] !== 0) {
    const code = String.fromCharCode(buf[at]!);
    const stop = buf.indexOf(0, at + 1);
    fields[code] = buf.toString('utf8', at + 1, stop);
    at = stop + 1;
  }
  const error = new protocol.messages.DatabaseError(fields.M ?? 'database error', end - start, 'error');
  for (const [code, value] of Object.entries(fields)) {
    const key = ERROR_FIELDS[code];
    if (key) (error as unknown as Record<string, string>)[key] = value;
  }
  return error;
}

/**
 * The rows of the reply, or the database's error thrown. `rowMode: 'array'` gives each row as an
 * array (drizzle's selects), otherwise an object by column name.
 */
export function readReply(
  bytes: Uint8Array,
  parsers: Parsers,
  rowMode: 'array' | 'object' = 'object',
): Reply {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let fields: { name: string; dataTypeID: number }[] = [];
  let rows: unknown[] = [];
  let results: Results | undefined;
  let affectedRows = 0;
  let parameterTypes: number[] = [];
  let error: Error | undefined;
  let at = 0;
  while (at + 5 <= buf.length) {
    const kind = buf[at]!;
    const length = buf.readInt32BE(at + 1);
    const start = at + 5;
    const end = at + 1 + length;
    at = end;
    switch (kind) {
      case 0x54 /* T RowDescription */:
        {
          const count = buf.readInt16BE(start);
          fields = new Array(count);
          let p = start + 2;
          for (let i = 0; i < count; i++) {
            const stop = buf.indexOf(0, p);
            const name = buf.toString('utf8', p, stop);
            fields[i] = { name, dataTypeID: buf.readInt32BE(stop + 7) };
            p = stop + 19;
          }
          break;
        }
      case 0x44 /* D DataRow */:
        {
          const count = buf.readInt16BE(start);
          const row: unknown[] | Record<string, unknown> = rowMode === 'array' ? new Array(count) : {};
          let p = start + 2;
          for (let i = 0; i < count; i++) {
            const size = buf.readInt32BE(p);
            p += 4;
            let value: unknown = null;
            if (size >= 0) {
              const text = buf.toString('utf8', p, p + size);
              p += size;
              const type = fields[i]!.dataTypeID;
              const parse = parsers[type];
              value = parse ? parse(text, type) : text;
            }
            if (rowMode === 'array') (row as unknown[])[i] = value;
            else (row as Record<string, unknown>)[fields[i]!.name] = value;
          }
          rows.push(row);
          break;
        }
      case 0x43 /* C CommandComplete */:
        {
          // "SELECT 2", "UPDATE 3", "INSERT 0 5": a count last; "CREATE TABLE": none
          const tag = buf.toString('utf8', start, end - 1);
          const words = tag.split(' ');
          const command = words[0]!;
          const rowCount = Number.parseInt(words[words.length - 1]!, 10);
          if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command)) affectedRows += rowCount;
          results = { rows, fields, command, affectedRows } as Results;
          if (!Number.isNaN(rowCount)) (results as { rowCount?: number }).rowCount = rowCount;
          rows = [];
          fields = [];
          break;
        }
      case 0x74 /* t ParameterDescription */:
        {
          const count = buf.readInt16BE(start);
          parameterTypes = Array.from({ length: count }, (_, i) => buf.readInt32BE(start + 2 + i * 4));
          break;
        }
      case 0x45 /* E ErrorResponse */:
        error ??= databaseError(buf, start, end);
        break;
      default:
      // ParseComplete, BindComplete, CloseComplete, NoData, ReadyForQuery, notices: nothing to keep
    }
  }
  if (error) throw error;
  return { results: results ?? ({ rows: [], fields: [], affectedRows: 0 } as Results), parameterTypes };
}
