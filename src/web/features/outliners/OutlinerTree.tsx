import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DraggableSyntheticListeners,
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
  measureElement,
  observeElementOffset,
  type Range,
  useVirtualizer,
  type Virtualizer,
} from '@tanstack/react-virtual';
import {
  createContext,
  type FocusEvent,
  type KeyboardEvent,
  memo,
  type ReactNode,
  type RefObject,
  type SyntheticEvent,
  useCallback,
  useContext,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import { EntryRow, type EntryRowProps, entryLabel, type GripWiring, INDENT_PX } from './EntryRow.tsx';
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
 * A row is measured by the virtualizer's ResizeObserver, which reads the size the browser's own layout
 * gave it; asked at once on mount (a row never shown before, scrolled into view by a move), its height
 * forced a layout in the middle of the move. Until then it keeps the size it had, or the estimate.
 */
const measureRow = (
  el: HTMLDivElement,
  entry: ResizeObserverEntry | undefined,
  v: Virtualizer<HTMLDivElement, HTMLDivElement>,
) =>
  entry
    ? measureElement(el, entry, v)
    : (v.measurementsCache[v.indexFromElement(el)]?.size ?? ESTIMATED_ROW_PX);

/**
 * React moves a row in the DOM with insertBefore (or appendChild), which takes the focus from the
 * textarea in it, and a moved row is most often the focused one: React then focuses it again and reads
 * the scroll offsets of every ancestor, a forced layout in the middle of the move. moveBefore (where
 * the browser has it) moves a node with its focus kept; only the tree's own rows go through it.
 */
function keepFocusOnMoves(el: HTMLDivElement | null) {
  const tree = el as (HTMLDivElement & { moveBefore?: (node: Node, child: Node | null) => void }) | null;
  const move = tree?.moveBefore;
  if (!tree || !move) return;
  tree.insertBefore = function <T extends Node>(this: HTMLDivElement, node: T, child: Node | null): T {
    if (node.parentNode !== this) return Node.prototype.insertBefore.call(this, node, child) as T;
    move.call(this, node, child);
    return node;
  };
  tree.appendChild = function <T extends Node>(this: HTMLDivElement, node: T): T {
    if (node.parentNode !== this) return Node.prototype.appendChild.call(this, node) as T;
    move.call(this, node, null);
    return node;
  };
}

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

  // a focus request a row has taken is not passed on again; it stays in the editor's state (clearing
  // it there rendered the whole tree a second time for each move)
  const taken = useRef<FocusRequest | null>(null);
  const request = focus !== taken.current ? focus : null;
  const onFocused = useCallback((r: FocusRequest) => {
    taken.current = r;
  }, []);

  // the row with focus (or asked to take it) stays rendered wherever it is, so a move that takes it
  // past the rendered range keeps its textarea and its focus
  const [focusedId, setFocusedId] = useState<EntryId | null>(null);
  const keepId = request?.id ?? focusedId;
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
    measureElement: measureRow,
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

  // Rows have no dnd-kit hooks between drags (a keyboard move re-rendered every moved row through
  // useSortable): the row whose grip is pressed gets them first, so its press can start the drag,
  // and every shown row while a drag is on (dnd-kit measures droppables as the drag starts). The
  // pressed row keeps them after its drag, for dnd-kit to put the keyboard focus back.
  const [pressedId, setPressedId] = useState<EntryId | null>(null);
  const pressedListeners = useRef<DraggableSyntheticListeners>(undefined);
  // passing the id makes it the id of dnd-kit's instructions, which the grips point to
  const describedBy = `outliner-drag-${useId()}`;
  const grip = useMemo((): GripWiring | undefined => {
    if (!actions) return undefined;
    const press = (event: SyntheticEvent<HTMLElement>, name: 'onPointerDown' | 'onKeyDown') => {
      const raw = event.currentTarget.closest('[data-entry-id]')?.getAttribute('data-entry-id');
      if (raw == null) return;
      flushSync(() => setPressedId(entryIdOf(raw)));
      pressedListeners.current?.[name]?.(event);
    };
    return {
      describedBy,
      onPointerDown: (event) => {
        if (event.isPrimary && event.button === 0) press(event, 'onPointerDown');
      },
      onKeyDown: (event) => {
        if (event.code === 'Space' || event.code === 'Enter') press(event, 'onKeyDown');
      },
    };
  }, [actions, describedBy]);

  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS), useSensor(KeyboardSensor));
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
  // dnd-kit calls the handlers of the latest render (the ones it is given stay the same)
  const latest = useRef({ onDragStart, onDragMove, onDragEnd });
  latest.current = { onDragStart, onDragMove, onDragEnd };
  const handlers = useMemo(
    () => ({
      onDragStart: (event: DragStartEvent) => latest.current.onDragStart(event),
      onDragMove: (event: DragMoveEvent) => latest.current.onDragMove(event),
      onDragEnd: (event: DragEndEvent) => latest.current.onDragEnd(event),
      onDragCancel: () => setActive(null),
      // a press that did not become a drag
      onDragAbort: () => setPressedId(null),
    }),
    [],
  );

  const body = (
    <>
      <div ref={scrollRef} className={`${styles.scroller} ${props.className ?? ''}`}>
        <div
          ref={keepFocusOnMoves}
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
                <TreeRow
                  key={row.id}
                  index={v.index}
                  start={v.start}
                  measure={virtualizer.measureElement}
                  entry={entry}
                  depth={isActive && dragDepth !== null ? dragDepth : row.depth}
                  hasChildren={row.hasChildren}
                  readOnly={actions === null}
                  href={entry.kind === 'text' ? null : props.hrefOf(entry)}
                  focusRequest={request?.id === row.id ? request : null}
                  onFocused={onFocused}
                  actions={actions}
                  dragging={isActive}
                  grip={grip}
                  sortable={active !== null || row.id === pressedId}
                  listenersTo={row.id === pressedId ? pressedListeners : undefined}
                />
              );
            })}
          </SortableContext>
        </div>
      </div>
      <DragOverlay dropAnimation={null}>
        {activeEntry ? <div className={styles.overlay}>{entryLabel(activeEntry)}</div> : null}
      </DragOverlay>
    </>
  );
  // the rows reach DndContext's children through a context, so its props stay the same and a move
  // does not render it again (it is memoised; a render of it cost a move as much as the tree's own)
  return (
    <TreeBodyContext.Provider value={body}>
      <DndContext sensors={sensors} collisionDetection={closestCenter} {...handlers} id={describedBy}>
        {TREE_BODY}
      </DndContext>
    </TreeBodyContext.Provider>
  );
});

const POINTER_OPTIONS = { activationConstraint: { distance: 4 } };
const TreeBodyContext = createContext<ReactNode>(null);
function TreeBody() {
  return useContext(TreeBodyContext);
}
const TREE_BODY = <TreeBody />;

/** One media query for every row: asking matchMedia per row per render cost a move ~10% of its script */
const motionQuery =
  typeof window !== 'undefined' ? window.matchMedia?.('(prefers-reduced-motion: reduce)') : undefined;
const reducedMotion = () => motionQuery?.matches ?? false;

type TreeRowProps = Omit<EntryRowProps, 'rowRef' | 'style'> & {
  index: number;
  start: number;
  measure: (el: HTMLDivElement | null) => void;
  /** with dnd-kit's useSortable: while a drag is on, and on the pressed row */
  sortable: boolean;
  /** the pressed row's drag listeners go here, for its grip to start the drag with */
  listenersTo?: RefObject<DraggableSyntheticListeners>;
};

/**
 * A row, with dnd-kit's hooks in a child beside it only when sortable: the row itself is not made
 * again when they come and go, so its textarea keeps its focus and its text.
 */
const TreeRow = memo(function TreeRow({ start, measure, sortable, listenersTo, ...props }: TreeRowProps) {
  const rowRef = useRef<HTMLDivElement | null>(null);
  const setRef = useCallback(
    (el: HTMLDivElement | null) => {
      rowRef.current = el;
      measure(el);
    },
    [measure],
  );
  const style = useMemo(() => ({ top: start }), [start]);
  return (
    <>
      <EntryRow {...props} rowRef={setRef} style={style} />
      {sortable ? <SortableHooks id={props.entry.id} rowRef={rowRef} listenersTo={listenersTo} /> : null}
    </>
  );
});

/**
 * useSortable for a row rendered beside it: the row is its node, and the transform that makes room
 * for the dragged row is set on it directly (the row does not render again for each step).
 */
function SortableHooks(props: {
  id: EntryId;
  rowRef: RefObject<HTMLDivElement | null>;
  listenersTo: RefObject<DraggableSyntheticListeners> | undefined;
}) {
  const { rowRef, listenersTo } = props;
  const { setNodeRef, transform, transition, listeners } = useSortable({
    id: props.id,
    ...(reducedMotion() ? { transition: null } : {}),
  });
  useLayoutEffect(() => {
    const row = rowRef.current;
    setNodeRef(row);
    return () => {
      if (row) {
        row.style.transform = '';
        row.style.transition = '';
      }
    };
  }, [setNodeRef, rowRef]);
  useLayoutEffect(() => {
    const row = rowRef.current;
    if (!row) return;
    row.style.transform = CSS.Translate.toString(transform) ?? '';
    row.style.transition = transition ?? '';
  }, [rowRef, transform, transition]);
  useLayoutEffect(() => {
    if (!listenersTo) return;
    listenersTo.current = listeners;
    return () => {
      if (listenersTo.current === listeners) listenersTo.current = undefined;
    };
  }, [listenersTo, listeners]);
  return null;
}
