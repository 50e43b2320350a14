import { NotFoundError } from '../platform/errors.ts';
import type { Actor } from './authorized.ts';

/**
 * Exports of a selection (PDF, Word, Markdown) answer only for one's own items, and check all of
 * them before the first byte of a streamed file goes out: one item that is not the actor's (or does
 * not exist) refuses the whole export, as not found. (The CSV export lists what the viewer may
 * read: item.ts.)
 */
export function permitsExport(actor: Actor, ids: number[], found: { id: number; userId: number }[]): boolean {
  if (actor === null) return false;
  const own = new Set(found.filter((r) => r.userId === actor.id).map((r) => r.id));
  return ids.every((id) => own.has(id));
}

export function checkExport(actor: Actor, ids: number[], found: { id: number; userId: number }[]): void {
  if (!permitsExport(actor, ids, found)) throw new NotFoundError();
}
