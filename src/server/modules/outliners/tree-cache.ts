/**
 * The tree call's entries as reply text, kept per outliner and tree version (outliners.tree_version,
 * raised by triggers in the same transaction as any change the tree shows: migration 0020). A read
 * that finds the outliner at the version it was kept for answers without the tree query, the JSON
 * decoding of its rows or the reply's serialisation (docs/benchmarks.md, outliner tree: these were
 * the whole cost). The version is read before the entries, so a kept copy is never older than the
 * version it is filed under; copies are checked against the database on every read, so instances
 * never serve each other's stale trees.
 */
export interface KeptTree {
  version: number;
  count: number;
  /** the entries array as JSON text, in reading order */
  entriesJson: string;
}

export class TreeCache {
  private readonly kept = new Map<number, KeptTree>();
  private bytes = 0;

  /** maxBytes bounds the memory held (the oldest used copies go first) */
  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  get(outlinerId: number, version: number): KeptTree | undefined {
    const hit = this.kept.get(outlinerId);
    if (!hit) return undefined;
    if (hit.version !== version) {
      this.drop(outlinerId);
      return undefined;
    }
    // most recently used last: eviction walks from the front
    this.kept.delete(outlinerId);
    this.kept.set(outlinerId, hit);
    return hit;
  }

  set(outlinerId: number, tree: KeptTree): void {
    // a newer version may have been filed meanwhile by a later read: only ever go forward
    if ((this.kept.get(outlinerId)?.version ?? -1) > tree.version) return;
    this.drop(outlinerId);
    if (tree.entriesJson.length > this.maxBytes) return;
    this.kept.set(outlinerId, tree);
    this.bytes += tree.entriesJson.length;
    for (const [id, old] of this.kept) {
      if (this.bytes <= this.maxBytes) break;
      this.kept.delete(id);
      this.bytes -= old.entriesJson.length;
    }
  }

  private drop(outlinerId: number): void {
    const old = this.kept.get(outlinerId);
    if (!old) return;
    this.kept.delete(outlinerId);
    this.bytes -= old.entriesJson.length;
  }
}
