import { HIGHLIGHT_COLORS } from '../../../src/shared/schemas/values.ts';
import type { Color } from '../messages.ts';
import { MARK_COLORS } from './draw.ts';

/**
 * The small toolbar over a selection: four highlight colours and "Add note". It lives in a shadow
 * root on a host outside <body>, so the page's styles do not reach it and it is never part of the
 * text highlights are anchored in. Every label is set as text, never as markup.
 */

export interface ToolbarActions {
  highlight(color: Color, note?: string): void;
}

const CSS = `
:host { all: initial; }
.bar { position: fixed; z-index: 2147483647; display: flex; gap: 4px; align-items: center;
  padding: 4px; border-radius: 8px; background: #1f2937; box-shadow: 0 4px 14px rgb(0 0 0 / .3);
  font: 13px/1.3 system-ui, sans-serif; color: #f9fafb; }
.bar[hidden] { display: none; }
button { font: inherit; cursor: pointer; border: 1px solid #4b5563; border-radius: 6px;
  min-width: 28px; min-height: 28px; background: #374151; color: inherit; padding: 0 8px; }
button:focus-visible { outline: 2px solid #93c5fd; outline-offset: 1px; }
button.swatch { padding: 0; width: 28px; }
form { display: flex; gap: 4px; }
form[hidden] { display: none; }
textarea { font: inherit; min-width: 180px; min-height: 28px; border-radius: 6px; border: 1px solid #4b5563; }
`;

export class SelectionToolbar {
  private readonly host: HTMLElement;
  private readonly bar: HTMLDivElement;
  private readonly noteForm: HTMLFormElement;
  private readonly noteText: HTMLTextAreaElement;

  constructor(
    private readonly doc: Document,
    private readonly actions: ToolbarActions,
  ) {
    this.host = doc.createElement('folio-extension-ui');
    const root = this.host.attachShadow({ mode: 'open' });
    const style = doc.createElement('style');
    style.textContent = CSS;
    this.bar = doc.createElement('div');
    this.bar.className = 'bar';
    this.bar.setAttribute('role', 'toolbar');
    this.bar.setAttribute('aria-label', 'Folio highlight');
    this.bar.hidden = true;
    for (const color of HIGHLIGHT_COLORS) {
      const b = this.button(`Highlight ${color}`, '');
      b.className = 'swatch';
      b.style.background = MARK_COLORS[color]!;
      b.addEventListener('click', () => this.pick(color));
      this.bar.append(b);
    }
    const note = this.button('Add note', 'Add note');
    note.addEventListener('click', () => {
      this.noteForm.hidden = false;
      this.noteText.focus();
    });
    this.noteForm = doc.createElement('form');
    this.noteForm.hidden = true;
    this.noteText = doc.createElement('textarea');
    this.noteText.setAttribute('aria-label', 'Note');
    const save = this.button('Save note', 'Save');
    save.type = 'submit';
    this.noteForm.append(this.noteText, save);
    this.noteForm.addEventListener('submit', (e) => {
      e.preventDefault();
      const text = this.noteText.value.trim();
      if (text) this.pick('yellow', text);
    });
    this.noteText.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && !e.shiftKey) {
        e.preventDefault();
        this.noteForm.requestSubmit();
      }
    });
    this.bar.append(note, this.noteForm);
    this.bar.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') this.hide();
    });
    // a press in the toolbar must not clear the page's selection before the click
    this.bar.addEventListener('mousedown', (e) => {
      if (!(e.target instanceof HTMLTextAreaElement)) e.preventDefault();
    });
    root.append(style, this.bar);
    doc.documentElement.append(this.host);
  }

  private button(label: string, text: string): HTMLButtonElement {
    const b = this.doc.createElement('button');
    b.type = 'button';
    b.setAttribute('aria-label', label);
    b.title = label;
    b.textContent = text;
    return b;
  }

  private pick(color: Color, note?: string) {
    this.actions.highlight(color, note);
    this.hide();
  }

  /** True when the event happened in the toolbar (the page's selection handlers leave it alone). */
  contains(target: EventTarget | null): boolean {
    return target === this.host;
  }

  showAt(rect: DOMRect) {
    this.noteForm.hidden = true;
    this.noteText.value = '';
    this.bar.hidden = false;
    const width = this.bar.offsetWidth || 200;
    const view = this.doc.defaultView!;
    const left = Math.max(4, Math.min(rect.left + rect.width / 2 - width / 2, view.innerWidth - width - 4));
    const above = rect.top - 44;
    this.bar.style.left = `${left}px`;
    this.bar.style.top = `${above > 4 ? above : rect.bottom + 8}px`;
  }

  hide() {
    this.bar.hidden = true;
  }
}
