import type { Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { EXPORT_WORD_IMAGE_MAX_WIDTH } from '../../../shared/schemas/export.ts';
import { type ExportItem, isRtl, yieldToOthers } from './content.ts';
import { type FittedPicture, fitPicture } from './pictures.ts';
import { Sink } from './sink.ts';

/** Word's highlight colours for ours. */
export const WORD_HIGHLIGHT: Record<string, string> = {
  yellow: 'yellow',
  blue: 'cyan',
  green: 'green',
  pink: 'magenta',
};

const W_NS =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ' +
  'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" ' +
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" ' +
  'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"';

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Default Extension="jpeg" ContentType="image/jpeg"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>`;

const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;

const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri" w:cs="Arial"/><w:sz w:val="22"/></w:rPr></w:rPrDefault></w:docDefaults><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:pPr><w:spacing w:after="120"/></w:pPr></w:style><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:pPr><w:keepNext/><w:spacing w:before="240"/><w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:b/><w:sz w:val="32"/></w:rPr></w:style><w:style w:type="paragraph" w:styleId="Quote"><w:name w:val="Quote"/><w:basedOn w:val="Normal"/><w:pPr><w:ind w:left="360"/></w:pPr></w:style><w:style w:type="paragraph" w:styleId="Small"><w:name w:val="Small"/><w:basedOn w:val="Normal"/><w:rPr><w:color w:val="555555"/><w:sz w:val="18"/></w:rPr></w:style><w:style w:type="character" w:styleId="Hyperlink"><w:name w:val="Hyperlink"/><w:rPr><w:color w:val="0563C1"/><w:u w:val="single"/></w:rPr></w:style></w:styles>`;

/** Text as XML: escaped, without the characters XML 1.0 cannot hold. */
export function xmlText(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

interface Run {
  text: string;
  bold?: boolean;
  italic?: boolean;
  highlight?: string;
  style?: string;
}

function run(r: Run, rtl: boolean): string {
  const props = [
    r.style ? `<w:rStyle w:val="${r.style}"/>` : '',
    r.bold ? '<w:b/>' : '',
    r.italic ? '<w:i/>' : '',
    r.highlight ? `<w:highlight w:val="${r.highlight}"/>` : '',
    rtl ? '<w:rtl/>' : '',
  ].join('');
  return `<w:r>${props ? `<w:rPr>${props}</w:rPr>` : ''}<w:t xml:space="preserve">${xmlText(r.text)}</w:t></w:r>`;
}

function para(runs: Run[], opts: { style?: string; link?: string } = {}): string {
  const rtl = runs.some((r) => isRtl(r.text));
  const pPr = [opts.style ? `<w:pStyle w:val="${opts.style}"/>` : '', rtl ? '<w:bidi/>' : ''].join('');
  const body = runs.map((r) => run(r, rtl)).join('');
  const inner = opts.link ? `<w:hyperlink r:id="${opts.link}">${body}</w:hyperlink>` : body;
  return `<w:p>${pPr ? `<w:pPr>${pPr}</w:pPr>` : ''}${inner}</w:p>`;
}

/** EMUs per pixel at 96 dpi. */
const EMU = 9525;

function drawing(relId: string, n: number, pic: FittedPicture): string {
  const cx = pic.width * EMU;
  const cy = pic.height * EMU;
  return `<w:p><w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="${cx}" cy="${cy}"/><wp:docPr id="${n}" name="Picture ${n}"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="${n}" name="image${n}.${pic.type}"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="${relId}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;
}

/**
 * The items as a Word document (export.docx, WordprocessingML in a zip), written as a stream: the
 * document part is deflated item by item as the items come, pictures follow it in the zip.
 */
export function buildWord(items: AsyncIterable<ExportItem>): Readable {
  return Sink.run(async (sink) => {
    let failed: Error | null = null;
    const done = new Promise<void>((resolve, reject) => {
      const zip = new Zip((err, chunk, final) => {
        if (err) {
          failed = err;
          return reject(err);
        }
        sink.write(chunk);
        if (final) resolve();
      });
      void fill(zip, items, sink).catch(reject);
    });
    await done;
    if (failed) throw failed;
    sink.end();
  });
}

const encoder = new TextEncoder();

async function fill(zip: Zip, items: AsyncIterable<ExportItem>, sink: Sink) {
  for (const [name, text] of [
    ['[Content_Types].xml', CONTENT_TYPES],
    ['_rels/.rels', ROOT_RELS],
    ['word/styles.xml', STYLES],
  ] as const) {
    const part = new ZipDeflate(name, { level: 6 });
    zip.add(part);
    part.push(encoder.encode(text), true);
  }
  const document = new ZipDeflate('word/document.xml', { level: 6 });
  zip.add(document);
  document.push(
    encoder.encode(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document ${W_NS}><w:body>`),
  );
  const rels: string[] = [
    '<Relationship Id="rIdStyles" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>',
  ];
  // pictures are added to the zip after the document part, which is still being written
  const media: { name: string; data: Buffer }[] = [];
  let n = 0;
  for await (const item of items) {
    n++;
    let xml = '';
    const linkId = item.url ? `rIdL${n}` : undefined;
    if (linkId) {
      rels.push(
        `<Relationship Id="${linkId}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="${xmlText(item.url)}" TargetMode="External"/>`,
      );
    }
    xml += para([{ text: item.title }], { style: 'Heading1' });
    if (item.url) xml += para([{ text: item.url, style: 'Hyperlink' }], { style: 'Small', link: linkId });
    if (item.tags.length) xml += para([{ text: `Tags: ${item.tags.join(', ')}` }], { style: 'Small' });
    if (item.description) xml += para([{ text: item.description }]);
    if (item.picture) {
      const bytes = await item.picture();
      const pic = bytes && (await fitPicture(bytes, { width: EXPORT_WORD_IMAGE_MAX_WIDTH }));
      if (pic) {
        const name = `image${n}.${pic.type}`;
        rels.push(
          `<Relationship Id="rIdImg${n}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/${name}"/>`,
        );
        media.push({ name, data: pic.data });
        xml += drawing(`rIdImg${n}`, n, pic);
      }
    }
    for (const line of item.note) xml += para([{ text: line }]);
    for (const h of item.highlights) {
      if (h.quote.trim())
        xml += para([{ text: h.quote, highlight: WORD_HIGHLIGHT[h.color] ?? 'yellow' }], { style: 'Quote' });
      for (const note of h.notes)
        xml += para(
          [
            { text: 'Note: ', bold: true },
            { text: note, italic: true },
          ],
          { style: 'Quote' },
        );
    }
    document.push(encoder.encode(xml));
    await sink.ready();
    await yieldToOthers();
  }
  if (n === 0) document.push(encoder.encode(para([{ text: 'No items.' }])));
  document.push(
    encoder.encode(
      '<w:sectPr><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr></w:body></w:document>',
    ),
    true,
  );
  for (const m of media) {
    const file = new ZipPassThrough(`word/media/${m.name}`);
    zip.add(file);
    file.push(m.data, true);
  }
  const relsPart = new ZipDeflate('word/_rels/document.xml.rels', { level: 6 });
  zip.add(relsPart);
  relsPart.push(
    encoder.encode(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>`,
    ),
    true,
  );
  zip.end();
}
