import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { EMPTY_NOTE_CONTENT, formatNoteTags, isEmptyNote, noteTitle } from '../../../shared/notes.ts';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { splitTagNames, splitTName } from '../../../shared/tags.ts';
import { itemChanges } from '../../api/cache.ts';
import { deleteItemKeepalive, saveNote } from '../../api/notes.ts';
import { links } from '../../lib/links.ts';
import { useNotify } from '../../ui/notifications/NotificationProvider.tsx';
import { AutosaveController, type AutosaveStatus } from './autosave.ts';
import {
  CHANGED_ELSEWHERE_TEXT,
  changedElsewhere,
  clearDraft,
  draftToRestore,
  type KnownVersion,
  type NoteState,
  readDraft,
  sameState,
  writeDraft,
} from './drafts.ts';

export const NOTE_CREATED = 'Note created success.';
export const NOTE_CREATE_FAILED = 'Note created failed!';

function keyOf(ids: { linkId: number | null; localId: string | null }): string {
  return ids.linkId !== null ? String(ids.linkId) : (ids.localId ?? '');
}

/** Where the editor starts: the server copy, or a newer draft this browser kept. */
function startingPoint(item: ItemReply | null, localId: string | null) {
  const server: NoteState = item
    ? {
        title: item.title && item.title !== noteTitle(item.note_content) ? item.title : null,
        content: item.note_content || EMPTY_NOTE_CONTENT,
        tags: splitTName(item.t_name),
      }
    : { title: null, content: EMPTY_NOTE_CONTENT, tags: [] };
  const key = item ? String(item.link_id) : (localId ?? '');
  const draft = draftToRestore(
    readDraft(localStorage, key),
    item ? { ...server, updatedAtMs: item.updated_at * 1000 } : null,
  );
  const state = draft ? { title: draft.title, content: draft.content, tags: draft.tags } : server;
  return { server, state, restored: draft !== null && !sameState(state, server), isNew: item === null };
}

/**
 * One open note: its state, autosave, the local draft, the first save that turns new-<ts> into a
 * server id, and leaving (an empty new note is removed; anything else is saved on the way out).
 */
export function useNoteSession({
  username,
  item,
  localId,
}: {
  username: string;
  item: ItemReply | null;
  localId: string | null;
}) {
  const [start] = useState(() => startingPoint(item, localId));
  const stateRef = useRef<NoteState>(start.state);
  const [state, setState] = useState<NoteState>(start.state);
  const [status, setStatus] = useState<AutosaveStatus>({ kind: 'idle' });
  const [warning, setWarning] = useState<string | null>(null);
  const ids = useRef({ linkId: item?.link_id ?? null, localId: item ? null : localId });
  const known = useRef<KnownVersion | null>(item ? { seconds: item.updated_at } : null);
  const controllerRef = useRef<AutosaveController<NoteState> | null>(null);
  const createFailureShown = useRef(false);

  const client = useQueryClient();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const latest = useRef({ client, notify, navigate, username, search: location.search, mounted: true });
  latest.current = { ...latest.current, client, notify, navigate, username, search: location.search };
  const startRef = useRef(start);

  const update = useCallback((patch: Partial<NoteState>) => {
    stateRef.current = { ...stateRef.current, ...patch };
    setState(stateRef.current);
    writeDraft(localStorage, keyOf(ids.current), stateRef.current, Date.now());
  }, []);

  useEffect(() => {
    const start = startRef.current;
    const draftKey = () => keyOf(ids.current);
    const save = async (sent: NoteState, opts: { keepalive: boolean }) => {
      const { linkId, localId: local } = ids.current;
      const { client, notify, navigate } = latest.current;
      let reply: Awaited<ReturnType<typeof saveNote>>;
      try {
        reply = await saveNote(
          {
            title: sent.title ?? noteTitle(sent.content),
            content: sent.content,
            note_type: 'rich',
            mode: 'private',
            tags: formatNoteTags(sent.tags),
            ...(linkId !== null ? { link_id: linkId } : { local_id: local ?? '' }),
          },
          opts,
        );
      } catch (err) {
        if (linkId === null && !createFailureShown.current) {
          createFailureShown.current = true;
          notify({ text: NOTE_CREATE_FAILED, kind: 'error' });
        }
        throw err;
      }
      const saved = reply.items[0];
      if (changedElsewhere(known.current, reply.previous_version)) setWarning(CHANGED_ELSEWHERE_TEXT);
      known.current = { ms: reply.version };
      void itemChanges.noteSaved(client, saved);
      if (ids.current.linkId === null) {
        clearDraft(localStorage, local ?? '');
        ids.current = { linkId: saved.link_id, localId: null };
        notify({ text: NOTE_CREATED, kind: 'done' });
        if (latest.current.mounted) {
          // the same editor stays on screen: the page keys it by this session, not by the URL
          navigate(
            {
              pathname: links.item(latest.current.username, saved.link_id),
              search: latest.current.search,
            },
            { replace: true, state: { noteSession: local } },
          );
        }
      }
      if (sameState(stateRef.current, sent)) clearDraft(localStorage, draftKey());
      else writeDraft(localStorage, draftKey(), stateRef.current, Date.now());
    };

    const controller = new AutosaveController<NoteState>(
      { read: () => stateRef.current, save, onStatus: setStatus },
      start.server,
    );
    controllerRef.current = controller;
    latest.current.mounted = true;
    controller.start();

    /** Leaving: an empty new note goes away; anything else is saved even as the page unloads. */
    const leave = () => {
      const s = stateRef.current;
      if (start.isNew && isEmptyNote(s.content) && s.title === null && s.tags.length === 0) {
        clearDraft(localStorage, draftKey());
        controller.markSaved(s);
        const { linkId } = ids.current;
        if (linkId !== null) {
          void deleteItemKeepalive(linkId).then(() => itemChanges.deleted(latest.current.client, [linkId]));
        }
        return;
      }
      void controller.flush({ keepalive: true });
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') void controller.flush();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', leave);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', leave);
      latest.current.mounted = false;
      leave();
      controller.dispose();
    };
    // one controller for the life of the editor; everything it reads is in refs
  }, []);

  return {
    state,
    status,
    warning,
    restored: start.restored,
    dismissWarning: () => setWarning(null),
    setContent: (content: string) => update({ content }),
    // a chip typed 'tips, tricks' is two tags, as the server will store them
    setTags: (tags: string[]) => update({ tags: splitTagNames(tags) }),
    /** a title typed in the top bar: saved at once */
    rename: (title: string) => {
      update({ title });
      void controllerRef.current?.flush();
    },
    saveNow: () => void controllerRef.current?.flush(),
    restart: () => controllerRef.current?.restart(),
    pauseAutosave: () => controllerRef.current?.pause() ?? (() => {}),
  };
}

export type NoteSession = ReturnType<typeof useNoteSession>;
