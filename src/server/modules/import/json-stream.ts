import { JSONParser } from '@streamparser/json';
import { ImportFormatError } from './entry.ts';
import type { ImportFile } from './source.ts';

export interface JsonValue {
  value: unknown;
  /** the JSONPath-like place, e.g. ['collections', 3, 'links', 0] */
  path: (string | number)[];
}

/**
 * The values at `paths` (the parser's JSONPath subset: `$.bookmarks.*`) of a JSON file, streamed:
 * each value is handed out and dropped, so a file is never held whole. A file that is not JSON is an
 * ImportFormatError naming `what`.
 */
export async function* jsonValues(
  file: ImportFile,
  paths: string[],
  what: string,
): AsyncGenerator<JsonValue> {
  const parser = new JSONParser({ paths, keepStack: false });
  const found: JsonValue[] = [];
  parser.onValue = ({ value, key, parent, stack }) => {
    const path = [...stack.slice(1).map((s) => s.key as string | number), key as string | number];
    found.push({ value, path });
    // the parser keeps a handed-out value inside its parent until the parent ends: drop it now
    if (Array.isArray(parent)) parent.pop();
    else if (parent && key !== undefined) delete (parent as Record<string, unknown>)[key as string];
  };
  try {
    for await (const chunk of file.open()) {
      // what follows the one top-level value (a newline) is not read
      if (parser.isEnded) break;
      parser.write(chunk);
      while (found.length) yield found.shift()!;
    }
    if (!parser.isEnded) parser.end();
  } catch (err) {
    if (err instanceof ImportFormatError) throw err;
    throw new ImportFormatError(`This is not ${what}: ${(err as Error).message}`);
  }
  while (found.length) yield found.shift()!;
}

/** A plain object's fields, or an empty object for anything else. */
export function fieldsOf(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
