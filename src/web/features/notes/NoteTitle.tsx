import { useTitleEdit } from '../../ui/use-title-edit.ts';
import styles from './Notes.module.css';

/** The note's title in the top bar, edited like every title (`useTitleEdit`). */
export function NoteTitle({ title, onRename }: { title: string; onRename: (title: string) => void }) {
  const field = useTitleEdit(title, onRename);
  return <input className={styles.title} aria-label="Note title" maxLength={1000} {...field} />;
}
