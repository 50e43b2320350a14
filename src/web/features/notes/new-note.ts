import { useCallback } from 'react';
import { type NavigateFunction, useNavigate } from 'react-router';
import { newLocalNoteId } from '../../../shared/notes.ts';
import { isSignedIn } from '../../../shared/schemas/values.ts';
import { useUserInfo } from '../../api/user-info.ts';
import { links } from '../../lib/links.ts';

/** Where Add Note goes: a local note new-<timestamp>, with the redirect flag (part 1 §4). */
export function newNotePath(username: string, now: number = Date.now()): string {
  return links.item(username, newLocalNoteId(now), 'redirect=1');
}

/** Add Note: opens a local note; nothing reaches the server until something is typed. */
export function startNewNote(navigate: NavigateFunction, username: string): void {
  navigate(newNotePath(username));
}

/** The add menu's Note entry: `const createNote = useCreateNote(); createNote();` */
export function useCreateNote(): () => void {
  const navigate = useNavigate();
  const { data: info } = useUserInfo();
  const name = isSignedIn(info) ? info.name : null;
  return useCallback(() => {
    if (name) startNewNote(navigate, name);
    else navigate('/sign-in');
  }, [navigate, name]);
}
