import { HttpStatusError } from '../../platform/fetch-errors.ts';
import type { Fetcher } from '../../platform/fetcher.ts';

/**
 * A small XML-RPC client (MetaWeblog / Blogger APIs) over the SSRF-guarded fetcher, and the value
 * codec the test server shares. Values: string, number (int or double), boolean, Date, arrays and
 * structs.
 */
export type XmlRpcValue = string | number | boolean | Date | XmlRpcValue[] | { [key: string]: XmlRpcValue };

export class XmlRpcFault extends Error {
  constructor(
    readonly faultCode: number,
    readonly faultString: string,
  ) {
    super(faultString || `XML-RPC fault ${faultCode}`);
  }
}

const MAX_REPLY_BYTES = 1_000_000;

export async function xmlRpcCall(
  fetcher: Fetcher,
  endPoint: string,
  method: string,
  params: XmlRpcValue[],
): Promise<XmlRpcValue> {
  const res = await fetcher.send(endPoint, {
    method: 'POST',
    headers: { 'content-type': 'text/xml; charset=utf-8', accept: 'text/xml, application/xml' },
    body: methodCallXml(method, params),
    maxBytes: MAX_REPLY_BYTES,
  });
  if (res.status < 200 || res.status >= 300) throw new HttpStatusError(res.status);
  return parseMethodResponse(res.body.toString('utf8'));
}

export function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function valueXml(v: XmlRpcValue): string {
  if (typeof v === 'string') return `<value><string>${escapeXml(v)}</string></value>`;
  if (typeof v === 'boolean') return `<value><boolean>${v ? 1 : 0}</boolean></value>`;
  if (typeof v === 'number')
    return Number.isInteger(v) ? `<value><int>${v}</int></value>` : `<value><double>${v}</double></value>`;
  if (v instanceof Date)
    return `<value><dateTime.iso8601>${v.toISOString().replace(/[-]|\.\d+/g, '')}</dateTime.iso8601></value>`;
  if (Array.isArray(v)) return `<value><array><data>${v.map(valueXml).join('')}</data></array></value>`;
  const members = Object.entries(v)
    .map(([k, m]) => `<member><name>${escapeXml(k)}</name>${valueXml(m)}</member>`)
    .join('');
  return `<value><struct>${members}</struct></value>`;
}

export function methodCallXml(method: string, params: XmlRpcValue[]): string {
  const ps = params.map((p) => `<param>${valueXml(p)}</param>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><methodCall><methodName>${escapeXml(method)}</methodName><params>${ps}</params></methodCall>`;
}

export function methodResponseXml(result: XmlRpcValue): string {
  return `<?xml version="1.0"?><methodResponse><params><param>${valueXml(result)}</param></params></methodResponse>`;
}

export function faultXml(code: number, message: string): string {
  return `<?xml version="1.0"?><methodResponse><fault>${valueXml({ faultCode: code, faultString: message })}</fault></methodResponse>`;
}

/** A tiny tokenizer: tags and text, enough for XML-RPC's fixed vocabulary. */
class Reader {
  private pos = 0;
  constructor(private readonly xml: string) {}

  /** the next tag name (with a leading / for a closing tag), skipping text, comments and declarations */
  peekTag(): string | null {
    const re = /<([^>]*)>/g;
    re.lastIndex = this.pos;
    for (;;) {
      const m = re.exec(this.xml);
      if (!m) return null;
      const inner = m[1]!;
      if (inner.startsWith('?') || inner.startsWith('!')) continue;
      return inner.replace(/\s.*$/s, '');
    }
  }

  /** consumes up to and including the next tag; returns it and the text before it */
  take(): { tag: string; text: string; selfClosing: boolean } {
    const re = /<([^>]*)>/g;
    re.lastIndex = this.pos;
    let text = '';
    for (;;) {
      const m = re.exec(this.xml);
      if (!m) throw new Error('XML-RPC reply ended early');
      const inner = m[1]!;
      text += this.xml.slice(this.pos, m.index);
      this.pos = re.lastIndex;
      if (inner.startsWith('?') || inner.startsWith('!')) continue;
      return { tag: inner.replace(/[\s/].*$/s, '') || inner, text, selfClosing: inner.endsWith('/') };
    }
  }

  expect(tag: string): void {
    const t = this.take();
    if (t.tag !== tag) throw new Error(`XML-RPC reply: expected <${tag}>, got <${t.tag}>`);
  }
}

function unescapeXml(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#x([0-9a-f]+);/gi, (_, h) => String.fromCodePoint(Number.parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d) => String.fromCodePoint(Number(d)))
    .replace(/&amp;/g, '&');
}

/** Reads one <value>…</value> (the opening <value> already consumed). */
function readValue(r: Reader): XmlRpcValue {
  const first = r.take();
  if (first.tag === '/value') return unescapeXml(first.text); // bare text is a string
  const type = first.tag;
  if (first.selfClosing) {
    r.expect('/value');
    return type === 'string' ? '' : type === 'struct' ? {} : '';
  }
  let result: XmlRpcValue;
  if (type === 'struct') {
    const obj: Record<string, XmlRpcValue> = {};
    while (r.peekTag() === 'member') {
      r.expect('member');
      r.expect('name');
      const name = unescapeXml(r.take().text);
      r.expect('value');
      obj[name] = readValue(r);
      r.expect('/member');
    }
    r.expect('/struct');
    result = obj;
  } else if (type === 'array') {
    r.expect('data');
    const list: XmlRpcValue[] = [];
    while (r.peekTag() === 'value') {
      r.expect('value');
      list.push(readValue(r));
    }
    r.expect('/data');
    r.expect('/array');
    result = list;
  } else {
    const text = unescapeXml(r.take().text);
    if (type === 'int' || type === 'i4' || type === 'i8' || type === 'double') result = Number(text);
    else if (type === 'boolean') result = text.trim() === '1';
    else if (type === 'dateTime.iso8601') result = text.trim();
    else result = text;
  }
  r.expect('/value');
  return result;
}

/** The result of a methodResponse; a fault throws XmlRpcFault, anything unreadable an Error. */
export function parseMethodResponse(xml: string): XmlRpcValue {
  const r = new Reader(xml);
  r.expect('methodResponse');
  const next = r.take().tag;
  if (next === 'fault') {
    r.expect('value');
    const f = readValue(r) as Record<string, XmlRpcValue>;
    throw new XmlRpcFault(Number(f.faultCode ?? 0), String(f.faultString ?? ''));
  }
  if (next !== 'params') throw new Error('XML-RPC reply: no params');
  r.expect('param');
  r.expect('value');
  return readValue(r);
}

/** A methodCall's name and parameters (the test server reads calls with it). */
export function parseMethodCall(xml: string): { method: string; params: XmlRpcValue[] } {
  const r = new Reader(xml);
  r.expect('methodCall');
  r.expect('methodName');
  const method = unescapeXml(r.take().text).trim();
  const params: XmlRpcValue[] = [];
  if (r.peekTag() === 'params') {
    r.expect('params');
    while (r.peekTag() === 'param') {
      r.expect('param');
      r.expect('value');
      params.push(readValue(r));
      r.expect('/param');
    }
  }
  return { method, params };
}
