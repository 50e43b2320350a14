import type { AnnotationReply } from '../../src/shared/schemas/annotations.ts';
import { HIGHLIGHT_COLORS } from '../../src/shared/schemas/values.ts';
import type { QueueCounts } from './queue.ts';

/**
 * What the extension's parts say to the background, and the one place that checks it. Content
 * scripts run inside web pages, so what they send is checked like any input and they may ask only
 * for their own page's things; the extension's own pages (options, popup, side panel) may ask more.
 * Nothing answers the token to anyone.
 */

export type Color = (typeof HIGHLIGHT_COLORS)[number];

export interface PageAnnotations {
  link_id: number | null;
  annotations: AnnotationReply[];
  /** highlights made here still waiting for Folio */
  waiting: { id: string; color: Color; content: string; selector: unknown }[];
}

export interface SaveFields {
  title?: string | undefined;
  description?: string | undefined;
  tags?: string | undefined;
  unread?: boolean | undefined;
  private?: boolean | undefined;
}

export interface Status extends QueueCounts {
  connected: boolean;
  origin: string | null;
  userName: string | null;
  live: boolean;
}

/** From a content script, about the page it runs in. */
export type ContentMessage =
  | { type: 'page:load' }
  | { type: 'highlight:add'; color: Color; content: string; selector: unknown; note?: string }
  | { type: 'annotation:remove'; ann_id: number }
  | { type: 'page:drawn'; anchored: number[]; orphaned: number[] }
  | { type: 'connect:handover'; state: string; token: string }
  /** from Folio's own pages only: open this page and save it with its screenshot */
  | { type: 'folio:screenshot'; url: string };

/** From the extension's own pages. */
export type PageMessage =
  | { type: 'status' }
  | { type: 'options:connect'; address: string }
  | { type: 'options:token'; address: string; token: string }
  | { type: 'options:disconnect' }
  | { type: 'save'; tabId: number; fields?: SaveFields }
  | { type: 'tab:info'; tabId: number }
  | { type: 'panel:list'; tabId: number }
  | { type: 'panel:jump'; tabId: number; ann_id: number }
  | { type: 'panel:remove'; tabId: number; ann_id: number };

export type Message = ContentMessage | PageMessage;

export interface Sender {
  /** the tab of a content script; none for the extension's own pages */
  tabId?: number | undefined;
  /** the address of the document that sent it */
  url?: string | undefined;
  /** true when the sender is one of the extension's pages (chrome-extension://<this id>/...) */
  extensionPage: boolean;
}

export class BadMessage extends Error {}

const CONTENT_TYPES = new Set([
  'page:load',
  'highlight:add',
  'annotation:remove',
  'page:drawn',
  'connect:handover',
  'folio:screenshot',
]);
const MAX_QUOTE = 10_000;
const MAX_NOTE = 10_000;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isId = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;
const isText = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;
const isIds = (v: unknown): v is number[] => Array.isArray(v) && v.length <= 10_000 && v.every(isId);

/** The message, checked for its sender; throws BadMessage for anything else. */
export function readMessage(raw: unknown, sender: Sender): Message {
  if (!isObject(raw) || typeof raw.type !== 'string') throw new BadMessage('not a message');
  const type = raw.type;
  if (!sender.extensionPage) {
    if (!CONTENT_TYPES.has(type)) throw new BadMessage(`a page may not send ${type}`);
    if (sender.tabId === undefined || !sender.url) throw new BadMessage('no tab');
  }
  switch (type) {
    case 'page:load':
    case 'status':
    case 'options:disconnect':
      return { type } as Message;
    case 'highlight:add': {
      const { color, content, selector, note } = raw;
      if (!(HIGHLIGHT_COLORS as readonly unknown[]).includes(color)) throw new BadMessage('color');
      if (!isText(content, MAX_QUOTE) || !content.trim()) throw new BadMessage('content');
      if (!Array.isArray(selector) || selector.length > 5) throw new BadMessage('selector');
      if (note !== undefined && (!isText(note, MAX_NOTE) || !note.trim())) throw new BadMessage('note');
      return { type, color: color as Color, content, selector, ...(note ? { note } : {}) };
    }
    case 'annotation:remove':
      if (!isId(raw.ann_id)) throw new BadMessage('ann_id');
      return { type, ann_id: raw.ann_id };
    case 'page:drawn':
      if (!isIds(raw.anchored) || !isIds(raw.orphaned)) throw new BadMessage('ids');
      return { type, anchored: raw.anchored, orphaned: raw.orphaned };
    case 'connect:handover':
      if (!isText(raw.state, 200) || !isText(raw.token, 500) || !raw.token) throw new BadMessage('handover');
      return { type, state: raw.state, token: raw.token };
    case 'folio:screenshot':
      if (!isText(raw.url, 4096) || !/^https?:\/\//.test(raw.url)) throw new BadMessage('url');
      return { type, url: raw.url };
    case 'options:connect':
      if (!isText(raw.address, 2000)) throw new BadMessage('address');
      return { type, address: raw.address };
    case 'options:token':
      if (!isText(raw.address, 2000) || !isText(raw.token, 500)) throw new BadMessage('token');
      return { type, address: raw.address, token: raw.token };
    case 'save': {
      if (!isId(raw.tabId)) throw new BadMessage('tabId');
      const f = isObject(raw.fields) ? raw.fields : {};
      const fields: SaveFields = {};
      for (const k of ['title', 'description', 'tags'] as const) {
        if (f[k] !== undefined) {
          if (!isText(f[k], 20_000)) throw new BadMessage(k);
          fields[k] = f[k];
        }
      }
      for (const k of ['unread', 'private'] as const) {
        if (f[k] !== undefined) {
          if (typeof f[k] !== 'boolean') throw new BadMessage(k);
          fields[k] = f[k];
        }
      }
      return { type, tabId: raw.tabId, fields };
    }
    case 'tab:info':
    case 'panel:list':
      if (!isId(raw.tabId)) throw new BadMessage('tabId');
      return { type, tabId: raw.tabId };
    case 'panel:jump':
    case 'panel:remove':
      if (!isId(raw.tabId) || !isId(raw.ann_id)) throw new BadMessage('ids');
      return { type, tabId: raw.tabId, ann_id: raw.ann_id };
    default:
      throw new BadMessage(`unknown message ${type}`);
  }
}

/** What the background tells a content script. */
export type ToContent =
  | { type: 'annotations'; data: PageAnnotations }
  | { type: 'jump'; ann_id: number }
  | { type: 'serialize' };

/** The sender as chrome.runtime.onMessage describes it, reduced to what readMessage needs. */
export function senderOf(
  sender: {
    id?: string | undefined;
    url?: string | undefined;
    tab?: { id?: number | undefined } | undefined;
  },
  extensionId: string,
  extensionOrigin: string,
): Sender {
  // a content script's url is its web page's; only the extension's own pages have its origin
  const extensionPage = sender.id === extensionId && !!sender.url?.startsWith(`${extensionOrigin}/`);
  return { tabId: sender.tab?.id, url: sender.url, extensionPage };
}
