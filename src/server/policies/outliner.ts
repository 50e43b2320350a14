import { NotFoundError } from '../platform/errors.ts';
import { type Access, type Actor, type Authorized, grant } from './authorized.ts';
import { sameKey } from './share-link.ts';

/** What the outliner policy reads of an outliner: its owner and its sharing. */
export interface OutlinerGuard {
  userId: number;
  /** 0 not shared, 2 shared by link */
  privacy: number;
  shareKey: string | null;
}

/**
 * Outliners: only the owner reads or changes one; anyone holding its share key reads it while
 * sharing is on (privacy 2). Everyone else is told it does not exist.
 */
export function permitsOutliner(
  actor: Actor,
  outliner: OutlinerGuard,
  access: Access,
  shareKey?: string,
): boolean {
  if (actor !== null && actor.id === outliner.userId) return true;
  return (
    access === 'read' &&
    shareKey !== undefined &&
    outliner.privacy === 2 &&
    outliner.shareKey !== null &&
    sameKey(shareKey, outliner.shareKey)
  );
}

/** The outliner row, authorized, if the policy grants this access; else not found. */
export function authorizeOutliner<T extends OutlinerGuard, A extends Access>(
  actor: Actor,
  row: T | undefined,
  access: A,
  shareKey?: string,
): Authorized<'outliner', T, A> {
  if (!row || !permitsOutliner(actor, row, access, shareKey)) throw new NotFoundError();
  return grant('outliner', row, access);
}
