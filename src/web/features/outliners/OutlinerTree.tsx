import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DragMoveEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  defaultRangeExtractor,
  observeElementOffset,
  type Range,
  useVirtualizer,
} from '@tanstack/react-virtual';
import {
  type FocusEvent,
  type KeyboardEvent,
  memo,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { EntryRow, type EntryRowProps, entryLabel, INDENT_PX } from './EntryRow.tsx';
import styles from './Outliner.module.css';
import {
  dropPlace,
  type Entry,
  type EntryId,
  neighbourRow,
  type Row,
  rowsWithout,
  type Tree,
} from './tree.ts';
import type { FocusRequest, OutlinerActions } from './useOutlinerEditor.ts';

export interface OutlinerTreeProps {
  tree: Tree;
  rows: Row[];
  /** absent: read-only */
  actions: OutlinerActions | null;
  focus: FocusRequest | null;
  onFocused: () => void;
  hrefOf: (entry: Entry) => string | null;
  /** the tree scrolls inside itself; the page passes how tall it may be */
  className?: string;
  label: string;
}

/** a one-line row as drawn: a newly shown row measured at its estimate renders the list no second time */
const ESTIMATED_ROW_PX = 30;
const NOT_SORTING: EntryId[] = [];

const entryIdOf = (raw: string): EntryId => (/^\d+$/.test(raw) ? Number(raw) : raw);

/**
 * The virtualizer's scroll listener, told only of scrolls that moved: React putting focus back on a
 * row moved in the DOM fires a scroll event at the same offset, and each one made the virtualizer
 * render the whole tree again at once (flushSync) to say it was scrolling.
 */
const offsetChanges: typeof observeElementOffset = (instance, cb) => {
  let last: number | null = instance.scrollElement?.scrollTop ?? null;
  return observeElementOffset(instance, (offset, isScrolling) => {
    if (isScrolling && offset === last) return;
    last = offset;
    cb(offset, isScrolling);
  });
};

/**
 * The outline: only the rows in view are rendered (a 5,000-entry outline renders as fast as a short
 * one), rows are sortable with dnd-kit (dragging sideways changes the level), and the keyboard is
 * handled here once for every row. Memoised: the save status changing above it renders nothing here.
 */
export const OutlinerTree = memo(function OutlinerTree(props: OutlinerTreeProps) {
  const { tree, rows, actions, focus } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<{ id: EntryId; depth: number } | null>(null);
  const [offsetDepth, setOffsetDepth] = useState(0);
  const [overId, setOverId] = useState<EntryId | null>(null);

  // while dragging, the dragged entry's children travel with it and are not shown
  const shown = useMemo(() => (active ? rowsWithout(rows, active.id) : rows), [rows, active]);

  // the row with focus (or asked to take it) stays rendered wherever it is, so a move that takes it
  // past the rendered range keeps its textarea and its focus
  const [focusedId, setFocusedId] = useState<EntryId | null>(null);
  const keepId = focus?.id ?? focusedId;
  const keepIndex = useMemo(
    () => (keepId === null ? -1 : shown.findIndex((r) => r.id === keepId)),
    [shown, keepId],
  );
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (keepIndex < 0 || indexes.length === 0) return indexes;
      if (keepIndex < indexes[0]!) return [keepIndex, ...indexes];
      if (keepIndex > indexes[indexes.length - 1]!) return [...indexes, keepIndex];
      return indexes;
    },
    [keepIndex],
  );
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: 12,
    getItemKey: useCallback((index: number) => shown[index]!.id, [shown]),
    rangeExtractor,
    observeElementOffset: offsetChanges,
    // a size or scroll change re-renders with React's own batching, not a flushSync of its own
    // (a move's measuring was rendering the whole tree a second time, synchronously)
    useFlushSync: false,
  });

  // the focused row out of sight (a move took it past the edge, an arrow key went past the last
  // row shown): scrolled to, before the frame is drawn
  useLayoutEffect(() => {
    const range = virtualizer.range;
    if (keepIndex < 0 || !range) return;
    if (keepIndex < range.startIndex || keepIndex > range.endIndex) {
      virtualizer.scrollToIndex(keepIndex, { align: 'auto' });
    }
  }, [keepIndex, virtualizer]);
  const onFocus = useCallback((event: FocusEvent<HTMLDivElement>) => {
    const raw = event.target.closest('[data-entry-id]')?.getAttribute('data-entry-id');
    if (raw != null) setFocusedId(entryIdOf(raw));
  }, []);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor),
  );
  const projected = active ? Math.max(0, active.depth + offsetDepth) : 0;
  const onDragStart = ({ active: a }: DragStartEvent) => {
    const row = rows.find((r) => r.id === a.id);
    if (row) setActive({ id: row.id, depth: row.depth });
    setOverId(a.id);
    setOffsetDepth(0);
  };
  const onDragMove = ({ delta, over }: DragMoveEvent) => {
    setOffsetDepth(Math.round(delta.x / INDENT_PX));
    setOverId(over?.id ?? null);
  };
  const onDragEnd = ({ over }: DragEndEvent) => {
    if (active && over && actions) {
      actions.moveTo(active.id, dropPlace(tree, shown, active.id, over.id, projected));
    }
    setActive(null);
  };
  // the depth the dragged row shows at while it is over a place
  const dragDepth = useMemo(() => {
    if (!active || overId === null) return null;
    const place = dropPlace(tree, shown, active.id, overId, projected);
    if (!place) return null;
    let depth = 0;
    for (let p = place.parentId; p !== null; p = tree.byId.get(p)?.parentId ?? null) depth++;
    return depth;
  }, [active, overId, projected, tree, shown]);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      if (!actions) return;
      const target = event.target as HTMLElement;
      if (!target.matches('[data-entry-focus]')) return;
      const rowEl = target.closest<HTMLElement>('[data-entry-id]');
      const raw = rowEl?.getAttribute('data-entry-id');
      if (raw == null) return;
      const id = entryIdOf(raw);
      const entry = tree.byId.get(id);
      if (!entry) return;
      const input = target instanceof HTMLTextAreaElement ? target : null;
      const caret = input?.selectionStart ?? 0;
      const key = event.key;
      const handled = () => event.preventDefault();
      if (key === 'Enter' && event.shiftKey) {
        handled();
        rowEl?.querySelector<HTMLButtonElement>('[data-open-note]')?.click();
      } else if (key === 'Enter' && !event.altKey && !event.ctrlKey && !event.metaKey) {
        handled();
        actions.split(id, caret);
      } else if (key === 'Tab') {
        handled();
        if (event.shiftKey) actions.outdent(id);
        else actions.indent(id);
      } else if (event.altKey && (key === 'ArrowUp' || key === 'ArrowDown')) {
        handled();
        if (key === 'ArrowUp') actions.moveUp(id);
        else actions.moveDown(id);
      } else if ((event.ctrlKey || event.metaKey) && key === '.') {
        handled();
        actions.toggle(id);
      } else if (
        key === 'Backspace' &&
        entry.kind === 'text' &&
        entry.text === '' &&
        !tree.children.get(id)
      ) {
        handled();
        actions.remove(id);
      } else if (key === 'ArrowUp' || key === 'ArrowDown') {
        const value = input?.value ?? '';
        const up = key === 'ArrowUp';
        // inside a multi-line entry the arrows move the caret first
        if (input && (up ? value.lastIndexOf('\n', caret - 1) >= 0 : value.indexOf('\n', caret) >= 0)) return;
        const next = neighbourRow(rows, id, up ? -1 : 1);
        if (next) {
          handled();
          actions.focus({ id: next.id, caret: up ? 'end' : 0 });
        }
      }
    },
    [actions, tree, rows],
  );

  const items = virtualizer.getVirtualItems();
  // only rendered rows are droppable, so only they are sortable, and only while a drag is on: when
  // the list is the same empty one between drags, a keyboard move changes no sortable context, so
  // only the rows whose props changed render again
  const ids = active ? items.map((v) => shown[v.index]!.id) : NOT_SORTING;
  const activeEntry = active ? tree.byId.get(active.id) : undefined;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={onDragStart}
      onDragMove={onDragMove}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActive(null)}
    >
      <div ref={scrollRef} className={`${styles.scroller} ${props.className ?? ''}`}>
        <div
          role="tree"
          aria-label={props.label}
          className={styles.tree}
          style={{ height: virtualizer.getTotalSize() }}
          onKeyDown={onKeyDown}
          onFocus={onFocus}
        >
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            {items.map((v) => {
              const row = shown[v.index]!;
              const entry = tree.byId.get(row.id)!;
              const isActive = active?.id === row.id;
              return (
                <SortableRow
                  key={row.id}
                  index={v.index}
                  start={v.start}
                  measure={virtualizer.measureElement}
                  entry={entry}
                  depth={isActive && dragDepth !== null ? dragDepth : row.depth}
                  hasChildren={row.hasChildren}
                  readOnly={actions === null}
                  href={entry.kind === 'text' ? null : props.hrefOf(entry)}
                  focusCaret={focus?.id === row.id ? (focus.caret ?? 'end') : null}
                  onFocused={props.onFocused}
                  actions={actions}
                  dragging={isActive}
                />
              );
            })}
          </SortableContext>
        </div>
      </div>
      <DragOverlay dropAnimation={null}>
        {activeEntry ? <div className={styles.overlay}>{entryLabel(activeEntry)}</div> : null}
      </DragOverlay>
    </DndContext>
  );
});

/** One media query for every row: asking matchMedia per row per render cost a move ~10% of its script */
const motionQuery =
  typeof window !== 'undefined' ? window.matchMedia?.('(prefers-reduced-motion: reduce)') : undefined;
const reducedMotion = () => motionQuery?.matches ?? false;

type SortableRowProps = Omit<EntryRowProps, 'handle' | 'rowRef' | 'style'> & {
  index: number;
  start: number;
  measure: (el: Element | null) => void;
};

const SortableRow = memo(function SortableRow({ start, measure, ...props }: SortableRowProps) {
  const sortable = useSortable({
    id: props.entry.id,
    disabled: props.readOnly,
    ...(reducedMotion() ? { transition: null } : {}),
  });
  const setRef = useCallback(
    (el: HTMLDivElement | null) => {
      sortable.setNodeRef(el);
      measure(el);
    },
    [sortable.setNodeRef, measure],
  );
  const style = useMemo(
    () => ({
      top: start,
      transform: CSS.Translate.toString(sortable.transform),
      transition: sortable.transition,
    }),
    [start, sortable.transform, sortable.transition],
  );
  const handle = useMemo(
    () => (props.readOnly ? undefined : { attributes: sortable.attributes, listeners: sortable.listeners }),
    [props.readOnly, sortable.attributes, sortable.listeners],
  );
  return <EntryRow {...props} rowRef={setRef} style={style} handle={handle} />;
});
