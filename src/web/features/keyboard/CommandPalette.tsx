import * as Dialog from '@radix-ui/react-dialog';
import { Search } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { useItemsByTitle } from '../../api/items.ts';
import styles from './Keyboard.module.css';
import { type CommandGroup, filterCommands, type PaletteCommand } from './palette.ts';

function modalRoot(): HTMLElement | null {
  return typeof document === 'undefined' ? null : document.getElementById('modal-root');
}

/**
 * Ctrl/⌘+K: one field finding any command (go to, search, add, the item actions on the current item
 * or selection). Arrows move, Enter runs, Escape closes. A command runs once the palette has closed
 * and given focus back, so the dialog it opens keeps the focus.
 */
export function CommandPalette(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** `found`: the user's items whose title holds the typed text */
  commands: (query: string, found: ItemReply[]) => PaletteCommand[];
}) {
  const [query, setQuery] = useState('');
  const titled = useItemsByTitle(props.open ? query : '');
  const [active, setActive] = useState(0);
  const chosen = useRef<PaletteCommand | null>(null);
  const id = useId();
  const found = filterCommands(props.commands(query, titled), query);
  const current = Math.min(active, Math.max(0, found.length - 1));
  const optionId = (index: number) => `${id}-option-${index}`;

  const choose = (command: PaletteCommand | undefined) => {
    if (!command) return;
    chosen.current = command;
    props.onOpenChange(false);
  };
  const moveTo = (index: number) => {
    const next = (index + found.length) % Math.max(1, found.length);
    setActive(next);
    document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      moveTo(current + (event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(found[current]);
    }
  };

  const groups: { group: CommandGroup; entries: { command: PaletteCommand; index: number }[] }[] = [];
  found.forEach((command, index) => {
    const last = groups[groups.length - 1];
    if (last?.group === command.group) last.entries.push({ command, index });
    else groups.push({ group: command.group, entries: [{ command, index }] });
  });

  return (
    <Dialog.Root
      open={props.open}
      onOpenChange={(open) => {
        if (open) {
          setQuery('');
          setActive(0);
        }
        props.onOpenChange(open);
      }}
    >
      <Dialog.Portal container={modalRoot()}>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.palette}
          data-palette=""
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            const command = chosen.current;
            chosen.current = null;
            setQuery('');
            setActive(0);
            if (command) {
              // the command decides where focus goes (a dialog it opens, a page it leaves for)
              event.preventDefault();
              command.run();
            }
          }}
        >
          <Dialog.Title className="visually-hidden">Command palette</Dialog.Title>
          <div className={styles.searchRow}>
            <Search size={18} aria-hidden="true" className={styles.searchIcon} />
            <input
              className={styles.input}
              role="combobox"
              aria-label="Type a command or search"
              aria-expanded="true"
              aria-controls={`${id}-list`}
              aria-autocomplete="list"
              aria-activedescendant={found.length ? optionId(current) : undefined}
              placeholder="Type a command or search…"
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setActive(0);
              }}
              onKeyDown={onKeyDown}
              autoComplete="off"
              spellCheck={false}
            />
          </div>
          <div id={`${id}-list`} role="listbox" aria-label="Commands" className={styles.list}>
            {groups.map(({ group, entries }) => (
              // biome-ignore lint/a11y/useSemanticElements: a listbox's group of options, not a form's fieldset
              <div key={group} role="group" aria-label={group}>
                <div className={styles.groupHead} aria-hidden="true">
                  {group}
                </div>
                {entries.map(({ command, index }) => (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox above takes the keys (aria-activedescendant)
                  <div
                    key={command.id}
                    id={optionId(index)}
                    role="option"
                    tabIndex={-1}
                    aria-selected={index === current}
                    className={styles.option}
                    onMouseMove={() => setActive(index)}
                    onClick={() => choose(command)}
                  >
                    <span className={styles.optionLabel}>{command.label}</span>
                    {command.hint ? <span className={styles.optionHint}>{command.hint}</span> : null}
                  </div>
                ))}
              </div>
            ))}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
