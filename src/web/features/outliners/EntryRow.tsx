import { ChevronDown, ChevronRight, GripVertical, Highlighter, Link2 } from 'lucide-react';
import {
  type CSSProperties,
  type KeyboardEvent,
  memo,
  type PointerEvent,
  type Ref,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import styles from './Outliner.module.css';
import type { Entry } from './tree.ts';
import type { FocusRequest, OutlinerActions } from './useOutlinerEditor.ts';

export const INDENT_PX = 24;

export interface EntryRowProps {
  entry: Entry;
  depth: number;
  hasChildren: boolean;
  readOnly: boolean;
  /** where an item or highlight entry links to (in the library of its owner) */
  href: string | null;
  /** set on the one row asked to take focus (a new request each time), with the caret wanted */
  focusRequest: FocusRequest | null;
  /** the row took the request */
  onFocused: (request: FocusRequest) => void;
  actions: OutlinerActions | null;
  /** the grip's drag wiring, one for every row (absent when read-only) */
  grip?: GripWiring;
  rowRef?: Ref<HTMLDivElement>;
  style?: CSSProperties;
  dragging?: boolean;
  /** the virtual list's index, for measuring the row */
  index?: number;
}

/**
 * A press on the grip (pointer down, or Space/Enter on it) starts the drag: the tree gives the
 * pressed row its dnd-kit hooks, then passes the event on. The row finds itself by data-entry-id.
 */
export interface GripWiring {
  /** dnd-kit's screen reader instructions, as its own draggables point to them */
  describedBy: string;
  onPointerDown: (event: PointerEvent<HTMLButtonElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
}

const COLOURS = new Set(['yellow', 'blue', 'green', 'pink']);

// made once: a row rendered again (moved, typed in) then leaves its icons alone
const GRIP = <GripVertical size={14} aria-hidden="true" />;
const COLLAPSED = <ChevronRight size={14} aria-hidden="true" />;
const EXPANDED = <ChevronDown size={14} aria-hidden="true" />;
const HIGHLIGHT = <Highlighter size={12} aria-hidden="true" className={styles.kindIcon} />;
const LINK = <Link2 size={12} aria-hidden="true" className={styles.kindIcon} />;

/**
 * One entry: its grip, the collapse toggle, then its text (editable), or the saved item's title, or
 * the highlight's quote in its colour; then its note. Keys are handled once for the whole tree
 * (OutlinerTree), found by the row's data-entry-id.
 */
export const EntryRow = memo(function EntryRow(props: EntryRowProps) {
  const { entry, readOnly, actions } = props;
  const focusRef = useRef<HTMLTextAreaElement & HTMLDivElement>(null);
  const [noteOpen, setNoteOpen] = useState(false);

  const request = props.focusRequest;
  useLayoutEffect(() => {
    if (request === null) return;
    const el = focusRef.current;
    if (!el) return;
    // focusing again what already has focus forces a layout for nothing (a moved row keeps it)
    if (document.activeElement !== el) el.focus({ preventScroll: false });
    if (el instanceof HTMLTextAreaElement) {
      const caret = request.caret ?? 'end';
      const at = caret === 'end' ? el.value.length : caret;
      el.setSelectionRange(at, at);
    }
    props.onFocused(request);
  }, [request, props.onFocused]);

  const label = entryLabel(entry);
  const colour = COLOURS.has(entry.color) ? entry.color : 'yellow';
  return (
    <div
      ref={props.rowRef}
      className={styles.row}
      style={{ ...props.style, paddingLeft: props.depth * INDENT_PX }}
      data-entry-id={entry.id}
      data-index={props.index}
      data-dragging={props.dragging || undefined}
      role="treeitem"
      aria-level={props.depth + 1}
      aria-expanded={props.hasChildren ? !entry.collapsed : undefined}
      aria-label={label}
      aria-selected={false}
      tabIndex={-1}
    >
      {props.grip ? (
        // the attributes dnd-kit's useSortable gives a handle, without the hook between drags
        <button
          type="button"
          className={styles.grip}
          aria-label={`Drag ${label}`}
          aria-roledescription="sortable"
          aria-describedby={props.grip.describedBy}
          aria-disabled={false}
          aria-pressed={props.dragging || undefined}
          onPointerDown={props.grip.onPointerDown}
          onKeyDown={props.grip.onKeyDown}
          tabIndex={-1}
        >
          {GRIP}
        </button>
      ) : null}
      {props.hasChildren ? (
        <button
          type="button"
          className={styles.toggle}
          aria-label={entry.collapsed ? `Expand ${label}` : `Collapse ${label}`}
          onClick={() => actions?.toggle(entry.id)}
          disabled={readOnly}
          tabIndex={-1}
        >
          {entry.collapsed ? COLLAPSED : EXPANDED}
        </button>
      ) : (
        <span className={styles.bullet} aria-hidden="true" />
      )}
      <div className={styles.body}>
        {entry.kind === 'text' ? (
          readOnly ? (
            <p className={styles.text}>{entry.text}</p>
          ) : (
            <textarea
              ref={focusRef}
              className={styles.input}
              value={entry.text}
              rows={1}
              aria-label="Entry text"
              placeholder=""
              onChange={(e) => actions?.type(entry.id, { text: e.target.value })}
              onBlur={() => actions?.flush()}
              data-entry-focus=""
            />
          )
        ) : (
          <div
            ref={focusRef}
            className={styles.linked}
            tabIndex={readOnly ? undefined : 0}
            data-entry-focus=""
          >
            {entry.kind === 'highlight' ? (
              <blockquote className={`${styles.quote} ${styles[colour]}`}>
                {HIGHLIGHT}
                {props.href ? (
                  <a href={props.href}>{entry.quote || entry.text}</a>
                ) : (
                  entry.quote || entry.text
                )}
              </blockquote>
            ) : (
              <span className={styles.item}>
                {LINK}
                {props.href ? (
                  <a href={props.href}>{entry.title || entry.text || entry.url}</a>
                ) : (
                  entry.title || entry.text || entry.url
                )}
              </span>
            )}
          </div>
        )}
        {entry.note || noteOpen ? (
          readOnly ? (
            <p className={styles.note}>{entry.note}</p>
          ) : (
            <textarea
              className={`${styles.input} ${styles.noteInput}`}
              value={entry.note}
              rows={1}
              aria-label="Entry note"
              // biome-ignore lint/a11y/noAutofocus: Shift+Enter asked for the note
              autoFocus={noteOpen && !entry.note}
              onChange={(e) => actions?.type(entry.id, { note: e.target.value })}
              onBlur={() => {
                actions?.flush();
                if (!entry.note) setNoteOpen(false);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Escape' || (e.key === 'Enter' && !e.shiftKey)) {
                  e.preventDefault();
                  e.stopPropagation();
                  focusRef.current?.focus();
                }
              }}
              data-note=""
            />
          )
        ) : null}
        {readOnly ? null : (
          <button
            type="button"
            hidden
            data-open-note=""
            onClick={() => setNoteOpen(true)}
            aria-label={`Add a note to ${label}`}
          />
        )}
      </div>
    </div>
  );
});

export function entryLabel(entry: Entry): string {
  if (entry.kind === 'highlight') return `Highlight: ${entry.quote || entry.text}`;
  if (entry.kind === 'item') return `Item: ${entry.title || entry.text || entry.url}`;
  return entry.text || 'Empty entry';
}
