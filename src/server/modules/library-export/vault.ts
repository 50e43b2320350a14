import type { Writable } from 'node:stream';
import { Zip, ZipDeflate } from 'fflate';
import { lineText } from '../../../shared/outliners/export.ts';
import { buildTree, type TreeNode } from '../../../shared/outliners/tree.ts';
import type { EntryReply } from '../../../shared/schemas/outliners.ts';
import { splitTName } from '../../../shared/tags.ts';
import type { LibraryFormat } from './format.ts';
import type { LibraryItem, LibraryReader } from './library.ts';
import { noteMarkdown } from './note-markdown.ts';
import { put } from './out.ts';

/** A YAML string: always double-quoted (JSON's escapes are YAML's), so no title reads as a number or date. */
function yamlString(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  return JSON.stringify(text.replace(/[\u0000-\u001f\u007f]/g, ' '));
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Unique file names across the vault: Obsidian and Logseq resolve a [[wiki link]] by the name
 * alone, so no two files share one (compared without case, as macOS and Windows compare them).
 */
export class VaultNames {
  private readonly taken = new Set<string>();

  take(title: string, fallback: string): string {
    const base =
      title
        .normalize('NFC')
        // path, wiki-link and reserved characters, control and bidi characters
        // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
        .replace(/[\\/:*?"<>|#^[\]\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/^\.+/, '')
        .replace(/[. ]+$/, '')
        .slice(0, 80)
        .trim()
        // names Windows keeps for devices
        .replace(/^(con|prn|aux|nul|com\d|lpt\d)$/i, '$1 file') || fallback;
    let name = base;
    for (let i = 2; this.taken.has(name.toLowerCase()); i++) name = `${base} (${i})`;
    this.taken.add(name.toLowerCase());
    return name;
  }
}

const wiki = (name: string) => `[[${name}]]`;

/** One item's file: front matter, its address, description or note text, then each highlight. */
export function itemFile(item: LibraryItem, outliners: string[]): string {
  const r = item.reply;
  const tags = splitTName(r.t_name);
  const lines = [
    '---',
    `title: ${yamlString(r.title || r.url || 'Untitled')}`,
    `url: ${yamlString(r.url)}`,
    `type: ${r.type_name}`,
    `tags: [${tags.map(yamlString).join(', ')}]`,
    `created: ${new Date(r.created_at * 1000).toISOString()}`,
    `updated: ${new Date(r.updated_at * 1000).toISOString()}`,
    `read: ${r.readed === 1}`,
    `private: ${r.private === 1}`,
    `starred: ${r.starred === 1}`,
    `outliners: [${outliners.map((o) => yamlString(wiki(o))).join(', ')}]`,
    `folio_id: ${r.link_id}`,
    '---',
    '',
    `# ${oneLine(r.title || r.url || 'Untitled')}`,
    '',
  ];
  if (r.url) lines.push(`<${r.url.replace(/[<>\s]/g, encodeURIComponent)}>`, '');
  if (r.description.trim()) lines.push(r.description.trim(), '');
  if (r.type_name === 'note') {
    const body = noteMarkdown(r.note_content, r.is_rich_note);
    if (body) lines.push(body, '');
  }
  if (outliners.length) lines.push(`In ${outliners.map(wiki).join(', ')}`, '');
  const highlights = r.annotations.filter((a) => a.content.trim() || a.stickyNotes.length);
  if (highlights.length) lines.push('## Highlights', '');
  for (const a of highlights) {
    if (a.content.trim()) {
      for (const q of a.content.trim().split(/\r?\n/)) lines.push(`> ${q}`);
      lines.push('');
    }
    for (const s of a.stickyNotes) {
      if (s.content.trim()) lines.push(`- **Note:** ${oneLine(s.content)}`);
    }
    if (a.stickyNotes.some((s) => s.content.trim())) lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** An outliner's file: its description, then its tree as a list; item entries are wiki links. */
export function outlinerFile(
  title: string,
  description: string,
  entries: readonly EntryReply[],
  itemName: (linkId: number) => string | undefined,
): string {
  const lines = [
    '---',
    `title: ${yamlString(title)}`,
    'type: outliner',
    '---',
    '',
    `# ${oneLine(title)}`,
    '',
  ];
  if (description.trim()) lines.push(description.trim(), '');
  const walk = (nodes: TreeNode<EntryReply>[], depth: number) => {
    for (const { entry, children } of nodes) {
      const indent = '  '.repeat(depth);
      const name = entry.kind === 'item' && entry.link_id !== null ? itemName(entry.link_id) : undefined;
      const text = oneLine(lineText(entry));
      const line = name ? wiki(name) : entry.kind === 'highlight' ? `“${text}”` : text;
      lines.push(`${indent}- ${line}`);
      for (const n of entry.note.split(/\r?\n/).filter((l) => l.trim())) lines.push(`${indent}  ${n}`);
      walk(children, depth + 1);
    }
  };
  walk(buildTree(entries), 0);
  return `${lines.join('\n').trimEnd()}\n`;
}

/**
 * A Markdown vault for Obsidian and Logseq, as a zip: `Items/` one file per saved item (notes in
 * `Notes/`), `Outliners/<title>/<title>.md` one folder per outliner. Items link to the outliners
 * holding them and outliners to their items, by [[wiki links]]. Written an item at a time; what is
 * kept in memory is the set of names given and the names of items some outliner holds.
 */
export function vaultFormat(reader: LibraryReader): LibraryFormat {
  return {
    name: 'markdown',
    extension: 'zip',
    contentType: 'application/zip',
    write: (userId, out) => writeVault(reader, userId, out),
  };
}

async function writeVault(reader: LibraryReader, userId: number, out: Writable): Promise<void> {
  const names = new VaultNames();
  const encoder = new TextEncoder();
  // outliner names first: every item file links to them
  const outliners = new Map<number, string>();
  for await (const o of reader.outlinerTitles(userId)) outliners.set(o.id, names.take(o.title, 'Outliner'));
  const heldItems = new Map<number, string>();

  let failed: unknown;
  let pending: Promise<void> = Promise.resolve();
  const zip = new Zip((err, chunk) => {
    if (err) failed = err;
    else pending = pending.then(() => put(out, chunk));
  });
  const add = async (path: string, text: string) => {
    if (failed) throw failed;
    const file = new ZipDeflate(path, { level: 6 });
    zip.add(file);
    file.push(encoder.encode(text), true);
    await pending;
  };

  for await (const item of reader.items(userId)) {
    const r = item.reply;
    const name = names.take(r.title || r.url, `item-${r.link_id}`);
    const held = r.ouliner_id.map((id) => outliners.get(id)).filter((n) => n !== undefined);
    if (held.length) heldItems.set(r.link_id, name);
    await add(`${r.type_name === 'note' ? 'Notes' : 'Items'}/${name}.md`, itemFile(item, held));
  }
  for await (const o of reader.outliners(userId)) {
    const name = outliners.get(o.id) ?? names.take(o.outliner.title, 'Outliner');
    await add(
      `Outliners/${name}/${name}.md`,
      outlinerFile(o.outliner.title, o.outliner.description, o.entries, (id) => heldItems.get(id)),
    );
  }
  zip.end();
  await pending;
  if (failed) throw failed;
}
