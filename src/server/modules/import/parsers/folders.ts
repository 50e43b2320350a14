/**
 * Folder paths from rows that name their parent (Karakeep lists, Linkwarden collections): each id's
 * path from the top, a cycle or a missing parent ending the walk.
 */
export function folderPaths(
  rows: { id: string; name: string; parentId: string | null }[],
): Map<string, string[]> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const paths = new Map<string, string[]>();
  for (const row of rows) {
    const path: string[] = [];
    const seen = new Set<string>();
    let at: typeof row | undefined = row;
    while (at && !seen.has(at.id)) {
      seen.add(at.id);
      if (at.name) path.unshift(at.name);
      at = at.parentId ? byId.get(at.parentId) : undefined;
    }
    paths.set(row.id, path);
  }
  return paths;
}
