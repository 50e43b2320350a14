import { changedRatio } from '../../../shared/word-diff.ts';
import { FetchError, HttpStatusError, UnsupportedContentTypeError } from '../../platform/fetch-errors.ts';
import { type Fetcher, pageText } from '../../platform/fetcher.ts';
import { extractArticle } from '../capture/extract.ts';
import { CAPTURE_MAX_BYTES } from '../capture/service.ts';
import type { CheckResult, LinkCheckRow } from './repo.ts';

const HTML_TYPES = ['text/html', 'application/xhtml+xml'];
const DAY_MS = 86_400_000;
/** A timeout or a 5xx is tried again this many days later; the second in a row makes it unreachable. */
export const RETRY_DAYS = 3;
const FAILURES_FOR_UNREACHABLE = 2;

export interface CheckSettings {
  intervalDays: number;
  changedThreshold: number;
}

const sameUrl = (a: string, b: string) => {
  try {
    return new URL(a).toString() === new URL(b).toString();
  } catch {
    return a === b;
  }
};

/**
 * One bookmark's check: the page fetched through the guarded fetcher and judged. `saved` is the
 * stored copy's readable text (null without one: then a page that answers is simply ok); `previous`
 * the last check of the same URL, whose failures a timeout or 5xx adds to.
 */
export async function checkLink(
  fetcher: Fetcher,
  url: string,
  saved: string | null,
  previous: LinkCheckRow | undefined,
  settings: CheckSettings,
  now: Date,
): Promise<CheckResult> {
  const result: CheckResult = {
    state: 'ok',
    status: null,
    finalUrl: null,
    changedRatio: null,
    changedText: null,
    failures: 0,
    checkedAt: now,
    nextCheckAt: new Date(now.getTime() + settings.intervalDays * DAY_MS),
  };
  try {
    const page = await fetcher.fetch(url, {
      accept: HTML_TYPES,
      maxBytes: CAPTURE_MAX_BYTES,
      truncate: true,
    });
    result.status = page.status;
    result.finalUrl = page.url;
    if (!sameUrl(page.url, url)) return { ...result, state: 'redirected' };
    if (saved === null) return result;
    // the capture module's Readability path, so both texts are read the same way
    const text = extractArticle(pageText(page), page.url).text;
    const ratio = changedRatio(saved, text, Math.min(1, settings.changedThreshold * 2));
    result.changedRatio = ratio;
    return ratio > settings.changedThreshold ? { ...result, state: 'changed', changedText: text } : result;
  } catch (err) {
    if (!(err instanceof FetchError)) throw err;
    if (err instanceof HttpStatusError) result.status = err.status;
    // a file rather than a page: it is there
    if (err instanceof UnsupportedContentTypeError) return result;
    if (err instanceof HttpStatusError && (err.status === 404 || err.status === 410))
      return { ...result, state: 'gone' };
    // the name no longer resolves (ENOTFOUND; a resolver's hiccup is retryable)
    if (err.code === 'dns' && !err.retryable) return { ...result, state: 'gone' };
    if (!err.retryable) return { ...result, state: 'unreachable' };
    const failures = (previous?.failures ?? 0) + 1;
    if (failures >= FAILURES_FOR_UNREACHABLE) return { ...result, state: 'unreachable', failures };
    // once is not yet unreachable: the last check stands until the second try, days later
    const kept = previous?.checkedAt
      ? {
          state: previous.state as CheckResult['state'],
          status: previous.status,
          finalUrl: previous.finalUrl,
          changedRatio: previous.changedRatio,
          changedText: previous.changedText,
          checkedAt: previous.checkedAt,
        }
      : { state: 'unchecked' as const };
    return { ...result, ...kept, failures, nextCheckAt: new Date(now.getTime() + RETRY_DAYS * DAY_MS) };
  }
}
