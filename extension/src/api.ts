import { accountCalls } from '../../src/shared/api/accounts.ts';
import { annotationCalls } from '../../src/shared/api/annotations.ts';
import type { Call } from '../../src/shared/api/define.ts';
import { extensionCalls } from '../../src/shared/api/extension.ts';
import { tagCalls } from '../../src/shared/api/tags.ts';
import type {
  AddAnnotationReply,
  AnnotationReply,
  ListAnnotationsReply,
  RemoveAnnotationReply,
  StickyNoteChangeReply,
} from '../../src/shared/schemas/annotations.ts';
import type { ItemByUrlReply, SaveRenderedReply } from '../../src/shared/schemas/extension.ts';

/**
 * Folio's calls as the extension makes them: the configured address, the personal token as a
 * Bearer header, JSON in and out. Only the background holds it (the token never reaches a page).
 * Paths come from the shared call definitions.
 */

/** Folio did not answer (offline, down, a gateway's 5xx): worth trying again later. */
export class Unreachable extends Error {}

/** Folio answered with a refusal: trying again will not help. */
export class Refused extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export interface HighlightInput {
  link_id: number;
  content: string;
  color: string;
  selector: unknown;
}

export interface RenderedPage {
  url: string;
  title: string;
  description: string;
  html: string;
  tags?: string | undefined;
  unread?: boolean | undefined;
  private?: boolean | undefined;
  screenshot?: string | undefined;
}

export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

export class FolioApi {
  constructor(
    readonly origin: string,
    private readonly token: string,
    private readonly fetcher: Fetch = (input, init) => fetch(input, init),
  ) {}

  async call<T>(def: Call, input: { query?: Record<string, string>; body?: unknown } = {}): Promise<T> {
    const url = new URL(def.path, this.origin);
    for (const [k, v] of Object.entries(input.query ?? {})) url.searchParams.set(k, v);
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.token}`,
      accept: 'application/json',
    };
    if (input.body !== undefined) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await this.fetcher(url.href, {
        method: def.method,
        headers,
        body: input.body === undefined ? undefined : JSON.stringify(input.body),
        // a token, never a cookie: the browser's Folio session is not the extension's
        credentials: 'omit',
      });
    } catch (err) {
      throw new Unreachable(err instanceof Error ? err.message : 'Folio did not answer.');
    }
    const text = await res.text();
    if (res.status >= 500 || res.status === 429) throw new Unreachable(`Folio answered ${res.status}.`);
    let data: unknown = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      throw new Unreachable('Folio answered something that is not JSON.');
    }
    if (!res.ok) {
      const message = (data as { message?: string } | null)?.message ?? `Folio refused (${res.status}).`;
      throw new Refused(message, res.status);
    }
    return data as T;
  }

  /** The account the token acts for (its name opens the live socket). */
  async userName(): Promise<string> {
    const info = await this.call<{ name?: string | null }>(accountCalls.userInfo);
    if (!info.name) throw new Refused('The token is not valid.', 401);
    return info.name;
  }

  async itemFor(url: string): Promise<number | null> {
    return (await this.call<ItemByUrlReply>(extensionCalls.byUrl, { query: { url } })).link_id;
  }

  async saveRendered(page: RenderedPage): Promise<SaveRenderedReply['item']> {
    const body = {
      ...page,
      unread: page.unread === undefined ? undefined : page.unread ? 1 : 0,
      private: page.private === undefined ? undefined : page.private ? 1 : 0,
    };
    return (await this.call<SaveRenderedReply>(extensionCalls.saveRendered, { body })).item;
  }

  async annotations(linkId: number): Promise<AnnotationReply[]> {
    const reply = await this.call<ListAnnotationsReply>(annotationCalls.list, {
      query: { link_id: String(linkId), limit: '200' },
    });
    return reply.annotations;
  }

  async addHighlight(h: HighlightInput): Promise<AnnotationReply> {
    const body = { ...h, shape: 5, selector: JSON.stringify(h.selector) };
    return (await this.call<AddAnnotationReply>(annotationCalls.add, { body })).annotation;
  }

  async addNote(linkId: number, annId: number, text: string): Promise<void> {
    await this.call<StickyNoteChangeReply>(annotationCalls.postStickyNote, {
      body: { link_id: linkId, ann_id: annId, sContent: text, sMode: 2 },
    });
  }

  async removeAnnotation(linkId: number, annId: number): Promise<void> {
    await this.call<RemoveAnnotationReply>(annotationCalls.remove, {
      body: { link_id: linkId, ann_id: annId },
    });
  }

  /** The user's own tags the page mentions, offered in the save form. */
  async recommendedTags(title: string, url: string): Promise<string[]> {
    return (await this.call<{ tags: string[] }>(tagCalls.recommended, { query: { title, url } })).tags;
  }
}
