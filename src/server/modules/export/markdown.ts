import { Readable } from 'node:stream';
import { Zip, ZipDeflate } from 'fflate';
import { type ExportItem, yieldToOthers } from './content.ts';
import { Sink } from './sink.ts';

/** A YAML string: always double-quoted, so no title is read as a number, a date or a list. */
function yaml(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  return JSON.stringify(text.replace(/[\u0000-\u001f\u007f]/g, ' '));
}

/**
 * One item as Markdown for Obsidian or Logseq: front matter (title, url, tags, dates), the
 * description and note text, then each highlight as a block quote followed by its notes.
 */
export function itemMarkdown(item: ExportItem): string {
  const lines = [
    '---',
    `title: ${yaml(item.title)}`,
    `url: ${yaml(item.url)}`,
    `tags: [${item.tags.map(yaml).join(', ')}]`,
    `type: ${item.type}`,
    `created: ${item.createdAt.toISOString()}`,
    `updated: ${item.updatedAt.toISOString()}`,
    '---',
    '',
    `# ${oneLine(item.title)}`,
    '',
  ];
  if (item.url) lines.push(`<${item.url}>`, '');
  if (item.description) lines.push(item.description, '');
  for (const p of item.note) lines.push(p, '');
  if (item.highlights.length) lines.push('## Highlights', '');
  for (const h of item.highlights) {
    if (h.quote.trim()) {
      for (const q of h.quote.split(/\r?\n/)) lines.push(`> ${q}`);
      lines.push(`> <!-- ${h.color} -->`, '');
    }
    for (const note of h.notes) lines.push(`**Note:** ${note}`, '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A file name from the title: letters of any script kept, path and reserved characters out. */
export function markdownFileName(item: ExportItem, taken: Set<string>): string {
  const base =
    item.title
      .normalize('NFC')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
      .replace(/[\\/:*?"<>|#^[\]\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^\.+/, '')
      .slice(0, 80)
      .trim() || `item-${item.id}`;
  let name = `${base}.md`;
  for (let i = 2; taken.has(name.toLowerCase()); i++) name = `${base} (${i}).md`;
  taken.add(name.toLowerCase());
  return name;
}

/** One item: the .md text itself. */
export async function singleMarkdown(items: AsyncIterable<ExportItem>): Promise<Readable> {
  let text = '';
  for await (const item of items) text += itemMarkdown(item);
  return Readable.from([Buffer.from(text, 'utf8')]);
}

/** Several items: a zip of one .md file each, deflated and sent item by item. */
export function markdownZip(items: AsyncIterable<ExportItem>): Readable {
  return Sink.run(async (sink) => {
    const encoder = new TextEncoder();
    await new Promise<void>((resolve, reject) => {
      const zip = new Zip((err, chunk, final) => {
        if (err) return reject(err);
        sink.write(chunk);
        if (final) resolve();
      });
      (async () => {
        const taken = new Set<string>();
        for await (const item of items) {
          const file = new ZipDeflate(markdownFileName(item, taken), { level: 6 });
          zip.add(file);
          file.push(encoder.encode(itemMarkdown(item)), true);
          await sink.ready();
          await yieldToOthers();
        }
        zip.end();
      })().catch(reject);
    });
    sink.end();
  });
}
