import { buildTree, type TreeEntry, type TreeNode } from './tree.ts';

/**
 * An outliner as a Markdown list or an OPML 2.0 outline (the export button). Item entries link to
 * the item's address, highlight entries show their quote; notes follow their line.
 */

export interface ExportEntry extends TreeEntry {
  kind: string;
  text: string;
  note: string;
  title: string | null;
  url: string | null;
  quote: string | null;
}

export interface ExportOutliner {
  title: string;
  description: string;
}

/** What a line says: the item's title now, the quote, or the text. */
export function lineText(e: ExportEntry): string {
  if (e.kind === 'item') return e.title || e.text || e.url || '';
  if (e.kind === 'highlight') return e.quote ?? e.text;
  return e.text;
}

const oneLine = (s: string) => s.replace(/\r\n?|\n/g, ' ');

function markdownLine(e: ExportEntry): string {
  const text = oneLine(lineText(e));
  if (e.kind === 'item' && e.url) {
    const label = text.replace(/[[\]\\]/g, (c) => `\\${c}`);
    const href = e.url.replace(
      /[()\s]/g,
      (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
    );
    return `[${label}](${href})`;
  }
  if (e.kind === 'highlight') return `> ${text}`;
  return text;
}

export function toMarkdown(outliner: ExportOutliner, entries: readonly ExportEntry[]): string {
  const lines = [`# ${oneLine(outliner.title)}`, ''];
  if (outliner.description.trim()) lines.push(outliner.description.trim(), '');
  const walk = (nodes: TreeNode<ExportEntry>[], depth: number) => {
    for (const { entry, children } of nodes) {
      const indent = '  '.repeat(depth);
      lines.push(`${indent}- ${markdownLine(entry)}`);
      for (const noteLine of entry.note.split(/\r\n?|\n/).filter((l) => l.trim())) {
        lines.push(`${indent}  ${noteLine}`);
      }
      walk(children, depth + 1);
    }
  };
  walk(buildTree(entries), 0);
  return `${lines.join('\n')}\n`;
}

/** An XML attribute value: markup characters and line breaks escaped. */
export function xmlAttribute(value: string): string {
  return (
    value
      // characters XML 1.0 cannot hold at all
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/\r/g, '&#13;')
      .replace(/\n/g, '&#10;')
      .replace(/\t/g, '&#9;')
  );
}

export function toOpml(outliner: ExportOutliner, entries: readonly ExportEntry[]): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<opml version="2.0">',
    '  <head>',
    `    <title>${xmlAttribute(outliner.title)}</title>`,
    '  </head>',
    '  <body>',
    ...opmlOutlines(entries, 2),
    '  </body>',
    '</opml>',
  ];
  return `${out.join('\n')}\n`;
}

/** The entries as nested `<outline>` lines, indented from `depth` (the whole-library OPML nests them). */
export function opmlOutlines(entries: readonly ExportEntry[], depth: number): string[] {
  const out: string[] = [];
  const walk = (nodes: TreeNode<ExportEntry>[], level: number) => {
    for (const { entry, children } of nodes) {
      const indent = '  '.repeat(level);
      let attrs = `text="${xmlAttribute(lineText(entry))}"`;
      if (entry.note) attrs += ` _note="${xmlAttribute(entry.note)}"`;
      if (entry.kind === 'item' && entry.url) attrs += ` type="link" url="${xmlAttribute(entry.url)}"`;
      if (children.length === 0) {
        out.push(`${indent}<outline ${attrs}/>`);
      } else {
        out.push(`${indent}<outline ${attrs}>`);
        walk(children, level + 1);
        out.push(`${indent}</outline>`);
      }
    }
  };
  walk(buildTree(entries), depth);
  return out;
}
