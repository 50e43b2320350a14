/** What can go wrong fetching a user-given URL (platform/fetcher.ts); `retryable` tells a job whether to try again. */

export type FetchErrorCode =
  | 'invalid_url'
  | 'blocked_address'
  | 'dns'
  | 'too_many_redirects'
  | 'timeout'
  | 'too_large'
  | 'content_type'
  | 'http_status'
  | 'network';

export class FetchError extends Error {
  constructor(
    readonly code: FetchErrorCode,
    message: string,
    /** worth trying again later (timeouts, network trouble, 5xx, 429) */
    readonly retryable = false,
  ) {
    super(message);
  }
}
export class InvalidUrlError extends FetchError {
  constructor(message: string) {
    super('invalid_url', message);
  }
}
export class BlockedAddressError extends FetchError {
  constructor(host: string, address: string, range: string) {
    super('blocked_address', `Refused to fetch ${host}: ${address} is a ${range} address.`);
  }
}
export class TooManyRedirectsError extends FetchError {
  constructor(max: number) {
    super('too_many_redirects', `Stopped after ${max} redirects.`);
  }
}
export class FetchTimeoutError extends FetchError {
  constructor(ms: number, phase: string) {
    super('timeout', `The page did not ${phase} within ${ms} ms.`, true);
  }
}
export class ResponseTooLargeError extends FetchError {
  constructor(max: number) {
    super('too_large', `The page is larger than ${max} bytes.`);
  }
}
export class UnsupportedContentTypeError extends FetchError {
  constructor(type: string) {
    super('content_type', `The page's content type (${type || 'none'}) is not accepted here.`);
  }
}
export class HttpStatusError extends FetchError {
  constructor(readonly status: number) {
    super('http_status', `The site answered HTTP ${status}.`, status >= 500 || status === 429);
  }
}
