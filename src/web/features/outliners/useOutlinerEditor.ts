import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { onOutlinerChange } from '../../api/outliner-live.ts';
import { type OutlinerTreeReply, outlinerApi } from '../../api/outliners.ts';
import { OutlinerSync, type SyncStatus } from './sync.ts';
import {
  type Entry,
  type EntryId,
  indentPlace,
  insertEntry,
  moveDownPlace,
  moveEntry,
  moveUpPlace,
  outdentPlace,
  type Place,
  placeOf,
  type Row,
  removeEntry,
  rowsAfterMove,
  type Tree,
  treeFromEntries,
  updateEntry,
  visibleRows,
} from './tree.ts';

let tempIds = 0;
const newTempId = () => `new-${++tempIds}`;

export function newTextEntry(id: EntryId, text = ''): Entry {
  return {
    id,
    parentId: null,
    kind: 'text',
    text,
    note: '',
    collapsed: false,
    linkId: null,
    annId: null,
    title: '',
    url: '',
    quote: '',
    color: '',
    annMd5: '',
  };
}

/** Where an empty outliner's first entry goes. */
const FIRST: Place = { parentId: null, afterId: null };

/** The tree with the empty outliner's unsaved first entry in it, when it has no entry of its own. */
function withDraft(tree: Tree, draftId: EntryId | null): Tree {
  if (draftId === null || tree.byId.size > 0) return tree;
  return insertEntry(tree, newTextEntry(draftId), FIRST);
}

/** A tree read from the server: with the draft while it has no entry (another tab's entry replaces it). */
function keepDraft(loaded: Tree, draft: { current: EntryId | null }, readOnly: boolean): Tree {
  if (loaded.byId.size > 0) draft.current = null;
  else if (!readOnly && draft.current === null) draft.current = newTempId();
  return withDraft(loaded, draft.current);
}

export interface FocusRequest {
  id: EntryId;
  /** caret position in the text; 'end' when omitted */
  caret?: number | 'end';
}

/**
 * The tree editor's state and its changes: each change is shown at once and queued for the server
 * (sync.ts). The tree is reloaded from the server when another tab changed it (the live socket) or a
 * save failed, but only while this tab has nothing on its way.
 *
 * An empty outliner opens with its first entry ready and focused (a draft): typing, Enter or a move
 * in it saves it; left untouched, nothing is saved and the outliner stays empty.
 */
export function useOutlinerEditor(
  outlinerId: number,
  initial: OutlinerTreeReply,
  opts: { readOnly?: boolean },
) {
  const readOnly = opts.readOnly ?? false;
  /** the draft first entry's temporary id, until it is written in */
  const draft = useRef<EntryId | null>(null);
  const [tree, setTree] = useState<Tree>(() => {
    const loaded = treeFromEntries(initial.entries);
    if (!readOnly && loaded.byId.size === 0) draft.current = newTempId();
    return withDraft(loaded, draft.current);
  });
  const treeRef = useRef(tree);
  treeRef.current = tree;
  const [status, setStatus] = useState<SyncStatus>({ kind: 'idle' });
  const [focus, setFocus] = useState<FocusRequest | null>(() =>
    draft.current !== null ? { id: draft.current } : null,
  );
  /** temporary ids and the server ids they became */
  const realIds = useRef(new Map<EntryId, number>());
  const changes = useRef(0);

  const reload = useRef<() => void>(() => {});
  const sync = useMemo(
    () =>
      new OutlinerSync({
        calls: {
          create: (body) => outlinerApi.createEntry(outlinerId, body),
          edit: (entryId, body) => outlinerApi.editEntry(outlinerId, entryId, body),
          remove: (entryId) => outlinerApi.deleteEntry(outlinerId, entryId),
        },
        onStatus: setStatus,
        onFailure: () => reload.current(),
        onCreated: (tempId, entry) => realIds.current.set(tempId, entry.id),
      }),
    [outlinerId],
  );
  useEffect(() => () => sync.dispose(), [sync]);

  // a newer copy of the tree from the query (refetched on mount or after a drop): taken when idle
  const firstReply = useRef(initial);
  useEffect(() => {
    if (initial === firstReply.current || sync.busy) return;
    firstReply.current = initial;
    const next = keepDraft(treeFromEntries(initial.entries, treeRef.current), draft, readOnly);
    treeRef.current = next;
    setTree(next);
  }, [initial, sync, readOnly]);

  reload.current = () => {
    const startedAt = changes.current;
    void outlinerApi.tree(outlinerId).then(
      (reply) => {
        // something changed here meanwhile: the next message or save brings a newer tree
        if (sync.busy || changes.current !== startedAt) return;
        const next = keepDraft(treeFromEntries(reply.entries, treeRef.current), draft, readOnly);
        setTree(next);
        // the entry being edited may have had a temporary id
        setFocus((f) => {
          const active = document.activeElement?.closest('[data-entry-id]')?.getAttribute('data-entry-id');
          const real = active ? realIds.current.get(active) : undefined;
          return real !== undefined ? { id: real } : f;
        });
      },
      () => {},
    );
  };
  useEffect(() => {
    if (opts.readOnly) return;
    return onOutlinerChange(outlinerId, () => {
      if (!sync.busy) reload.current();
      else void sync.drained().then(() => reload.current());
    });
  }, [outlinerId, sync, opts.readOnly]);
  // leaving the page sends what was typed
  useEffect(() => {
    const flush = () => sync.flush();
    window.addEventListener('pagehide', flush);
    return () => window.removeEventListener('pagehide', flush);
  }, [sync]);

  // a move patches the rows it was made on (rowsAfterMove) instead of walking all of them again
  const patched = useRef<{ tree: Tree; rows: Row[] } | null>(null);
  const rows = useMemo(
    () => (patched.current?.tree === tree ? patched.current.rows : visibleRows(tree)),
    [tree],
  );
  const rowsRef = useRef({ tree, rows });
  rowsRef.current = { tree, rows };

  const apply = useCallback((next: Tree) => {
    changes.current += 1;
    treeRef.current = next;
    setTree(next);
  }, []);

  /** The draft first entry, written in (typed in, split, moved): saved before what follows names it. */
  const written = useCallback(
    (id: EntryId) => {
      if (draft.current !== id) return;
      draft.current = null;
      sync.create(id, FIRST);
    },
    [sync],
  );

  const move = useCallback(
    (id: EntryId, place: Place | null) => {
      if (!place) return;
      const before = treeRef.current;
      const next = moveEntry(before, id, place);
      if (next === before) return;
      // a collapsed new parent opens, so the moved entry stays in sight
      const parent = place.parentId !== null ? next.byId.get(place.parentId) : undefined;
      const shown = parent?.collapsed ? updateEntry(next, parent.id, { collapsed: false }) : next;
      // the rows of the tree moved from, when known without a walk (two moves may come before a render)
      const rowsBefore =
        patched.current?.tree === before
          ? patched.current.rows
          : rowsRef.current.tree === before
            ? rowsRef.current.rows
            : null;
      const rowsNow =
        shown === next && rowsBefore
          ? rowsAfterMove(rowsBefore, next, id, before.byId.get(id)?.parentId ?? null)
          : null;
      patched.current = rowsNow ? { tree: next, rows: rowsNow } : null;
      apply(shown);
      written(id);
      if (parent?.collapsed) sync.collapse(parent.id, false);
      sync.move(id, place);
      setFocus({ id });
    },
    [apply, sync, written],
  );

  const actions = useMemo(
    () => ({
      /** Enter: a new entry after this one (its first child when its children are shown), text split at the caret */
      split(id: EntryId, caret: number) {
        const t = treeRef.current;
        const entry = t.byId.get(id);
        if (!entry) return;
        written(id);
        const kids = t.children.get(id) ?? [];
        const isText = entry.kind === 'text';
        const rest = isText ? entry.text.slice(caret) : '';
        const place: Place =
          kids.length > 0 && !entry.collapsed
            ? { parentId: id, afterId: null }
            : { parentId: entry.parentId, afterId: id };
        const newId = newTempId();
        let next = insertEntry(t, newTextEntry(newId, rest), place);
        if (isText && rest) {
          next = updateEntry(next, id, { text: entry.text.slice(0, caret) });
          sync.type(id, { text: entry.text.slice(0, caret) });
        }
        apply(next);
        sync.create(newId, place, rest);
        setFocus({ id: newId, caret: 0 });
      },
      /** a new entry at the end (the empty outliner's draft is that entry already: it takes the focus) */
      addFirst() {
        if (draft.current !== null) {
          setFocus({ id: draft.current });
          return;
        }
        const newId = newTempId();
        const t = treeRef.current;
        const top = t.children.get(null) ?? [];
        const place: Place = { parentId: null, afterId: top.length ? top[top.length - 1]! : null };
        apply(insertEntry(t, newTextEntry(newId), place));
        sync.create(newId, place);
        setFocus({ id: newId });
      },
      type(id: EntryId, patch: { text?: string; note?: string }) {
        apply(updateEntry(treeRef.current, id, patch));
        written(id);
        sync.type(id, patch);
      },
      indent: (id: EntryId) => move(id, indentPlace(treeRef.current, id)),
      outdent: (id: EntryId) => move(id, outdentPlace(treeRef.current, id)),
      moveUp: (id: EntryId) => move(id, moveUpPlace(treeRef.current, id)),
      moveDown: (id: EntryId) => move(id, moveDownPlace(treeRef.current, id)),
      moveTo: (id: EntryId, place: Place | null) => {
        const now = placeOf(treeRef.current, id);
        if (place && (place.parentId !== now.parentId || place.afterId !== now.afterId)) move(id, place);
      },
      toggle(id: EntryId) {
        const t = treeRef.current;
        const entry = t.byId.get(id);
        if (!entry || !(t.children.get(id)?.length ?? 0)) return;
        apply(updateEntry(t, id, { collapsed: !entry.collapsed }));
        sync.collapse(id, !entry.collapsed);
      },
      /**
       * Backspace on an empty entry: gone, focus to the row above. The last one leaves a new draft in
       * its place, so Enter and typing still work; the draft itself stays.
       */
      remove(id: EntryId) {
        if (draft.current === id) return;
        const t = treeRef.current;
        const shownRows = rowsRef.current.rows;
        const at = shownRows.findIndex((r) => r.id === id);
        const focusTo = shownRows[at - 1] ?? shownRows[at + 1];
        const left = removeEntry(t, id);
        if (left.byId.size === 0) draft.current = newTempId();
        apply(withDraft(left, draft.current));
        sync.remove(id);
        if (focusTo) setFocus({ id: focusTo.id });
        else if (draft.current !== null) setFocus({ id: draft.current });
      },
      focus: (request: FocusRequest) => setFocus(request),
      flush: () => sync.flush(),
    }),
    [apply, move, sync, written],
  );

  // a request stays until the next one: the tree passes each on once, to the row it names
  return { tree, rows, status, focus, actions, sync };
}

export type OutlinerActions = ReturnType<typeof useOutlinerEditor>['actions'];
