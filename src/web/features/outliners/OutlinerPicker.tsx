import { ListTree, Plus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { isSignedIn } from '../../../shared/schemas/values.ts';
import { type Outliner, OutlinerRefused, useCreateOutliner, useOutliners } from '../../api/outliners.ts';
import { useUserInfo } from '../../api/user-info.ts';
import { Button } from '../../ui/Button.tsx';
import { outlinerText } from './messages.ts';
import { canCreateOutliner, OutlinerLimitModal } from './OutlinerLimitModal.tsx';
import styles from './Picker.module.css';

/**
 * Choosing an outliner (spec part 1 §2, §9: Add to outliner, Organize in Outliner, the side area):
 * a searchable list, 'No Result.' when nothing matches, and 'Create an outliner' with a 'New
 * outliner' title field. At the plan's quota creating opens Account Limit Reached.
 */
export function OutlinerPicker(props: {
  selected: number | null;
  onPick: (outliner: Outliner) => void;
  /** list height in the side area */
  compact?: boolean;
}) {
  const { data: info } = useUserInfo();
  const me = isSignedIn(info) ? info : null;
  const [search, setSearch] = useState('');
  const list = useOutliners({ search: search.trim(), sort: 'updated', order: 'desc' });
  const create = useCreateOutliner();
  const [creating, setCreating] = useState(false);
  const [title, setTitle] = useState('');
  const [warning, setWarning] = useState<string>();
  const [limit, setLimit] = useState(false);
  const titleId = useId();

  const startCreate = () => (canCreateOutliner(me) ? setCreating(true) : setLimit(true));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const text = title.trim();
    if (!text) {
      setWarning(outlinerText.titleRequired);
      return;
    }
    create.mutate(text, {
      onSuccess: (made) => {
        setCreating(false);
        setTitle('');
        props.onPick(made);
      },
      onError: (err) =>
        setWarning(err instanceof OutlinerRefused ? err.message : 'There are some errors, please try later.'),
    });
  };
  const outliners = list.data ?? [];
  return (
    <div className={styles.picker}>
      <input
        type="search"
        className={styles.search}
        placeholder="Search outliners"
        aria-label="Search outliners"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <div className={props.compact ? styles.listCompact : styles.list} role="listbox" aria-label="Outliners">
        {list.isPending ? (
          <p className={styles.none}>Loading...</p>
        ) : outliners.length === 0 ? (
          <p className={styles.none}>{outlinerText.noResult}</p>
        ) : (
          outliners.map((o) => (
            <div
              key={o.id}
              role="option"
              tabIndex={0}
              aria-selected={props.selected === o.id}
              className={styles.option}
              onClick={() => props.onPick(o)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  props.onPick(o);
                }
              }}
            >
              <ListTree size={14} aria-hidden="true" />
              <span className={styles.optionTitle}>{o.title}</span>
            </div>
          ))
        )}
      </div>
      {creating ? (
        <form className={styles.create} onSubmit={submit}>
          <label htmlFor={titleId} className={styles.label}>
            {outlinerText.newTitleLabel}
          </label>
          <div className={styles.createRow}>
            <input
              id={titleId}
              className={styles.search}
              value={title}
              maxLength={200}
              // biome-ignore lint/a11y/noAutofocus: the field was just asked for
              autoFocus
              aria-invalid={warning ? true : undefined}
              onChange={(e) => {
                setTitle(e.target.value);
                setWarning(undefined);
              }}
            />
            <Button type="submit" variant="primary" size="sm" busy={create.isPending}>
              Create
            </Button>
          </div>
          {warning ? (
            <p className={styles.warning} role="alert">
              {warning}
            </p>
          ) : null}
        </form>
      ) : (
        <Button variant="ghost" size="sm" icon={<Plus size={14} />} onClick={startCreate}>
          {outlinerText.createOne}
        </Button>
      )}
      {me ? <OutlinerLimitModal open={limit} info={me} onClose={() => setLimit(false)} /> : null}
    </div>
  );
}
