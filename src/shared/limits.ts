/** Business constants of both specs (part 1 §9, part 2 §9). Every limit lives here. */
export const USERNAME_MIN = 6;
export const USERNAME_MAX = 16;
/** a renamed user's former name stays theirs this long: nobody else takes it, its links lead to them */
export const FORMER_NAME_RESERVED_DAYS = 365;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 32;
export const EMAIL_MAX = 254;

export const PAGE_SIZES = [24, 48, 96] as const;
export const PAGE_SIZE_DEFAULT = 24;
export const SORT_DEFAULT = 'updated';
export const COOKIE_DAYS_LONG = 1095;

export const NOTIFICATION_TIMEOUT_MS = 5000;
export const NOTIFICATION_RESUME_MS = 1000;
export const MODAL_TRANSITION_MS = 250;
export const MENU_DELAY_MS = 300;
/** a new note's editor takes the focus this long after it opens (part 1 §9) */
export const EDITOR_FOCUS_MS = 300;
export const BACK_TO_TOP_PX = 600;
export const BACK_TO_TOP_ANIMATION_MS = 500;

export const CHIP_MIN_WIDTH_PX = 30;
export const CHIP_WIDTH_PER_CHAR_PX = 11;

export const TAG_PAGE_SIZE = 56;
export const TAG_SUGGESTIONS_MAX = 10;
export const TAG_LABEL_MAX = 50;
export const PROFILE_TAG_LABEL_MAX = 15;
export const ANNOTATION_LIMIT = 3;

export const PDF_MAX_BYTES = 67108864;
/** a Kindle 'My Clippings.txt' upload (years of highlights stay well under this) */
export const KINDLE_CLIPPINGS_MAX_BYTES = 20 * 1024 * 1024;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const NOTE_AUTOSAVE_MS = 1500;
export const NOTE_AUTOSAVE_MAX_FAILURES = 20;
export const NOTE_AUTO_TITLE_CHARS = 15;

export const FEEDBACK_SUBJECT_MAX = 200;
export const FEEDBACK_MESSAGE_MAX = 10000;
/** note text previews (part 1 §9): 300 by default, 100 in the grid and in list previews */
export const NOTE_EXCERPT_DEFAULT = 300;
export const NOTE_EXCERPT_GRID = 100;
export const NOTE_EXCERPT_LIST = 100;
/** an image pasted or dropped into a note */
export const NOTE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** stored note HTML, in characters */
export const NOTE_CONTENT_MAX = 1_000_000;

/**
 * Request rate limits (per signed-in user, else per address) in a fixed window; a 429 answers the
 * rest. RATE_LIMIT_FACTOR multiplies every `max` (test suites that sign up hundreds of users raise it).
 */
export const RATE_LIMITS = {
  /** /common/contact sends a mail to support */
  feedback: { max: 10, windowMs: 60 * 60_000 },
  /** /fetch_meta fetches a page on request */
  fetchMeta: { max: 60, windowMs: 60_000 },
  /** sign-up from one address */
  signUp: { max: 10, windowMs: 60 * 60_000 },
  /** every file intake (bookmark files, PDFs, images, note pictures, Kindle imports) together */
  upload: { max: 120, windowMs: 60 * 60_000 },
  /** group invitations: each sends a mail */
  groupInvite: { max: 30, windowMs: 60 * 60_000 },
  /** forgotten-password mails asked for from one address */
  passwordReset: { max: 10, windowMs: 60 * 60_000 },
  /** POST /stats: the web client sends at most once a minute per tab */
  stats: { max: 120, windowMs: 60 * 60_000 },
  /** Daily Review: "send the digest now" mails the user */
  reviewDigest: { max: 5, windowMs: 60 * 60_000 },
  /** webhook registrations (each resolves a host) and test deliveries (each a job sending a POST) */
  webhooks: { max: 120, windowMs: 60 * 60_000 },
  /** POST /api/items/{link_id}/check fetches a page on request (link health) */
  linkCheck: { max: 30, windowMs: 60_000 },
  /** answers of the not-found handler (404s): caps probing for paths */
  notFound: { max: 120, windowMs: 60_000 },
  /** every call made with one personal token (issue 30), whatever the route */
  personalToken: { max: 120, windowMs: 60_000 },
} as const;
export type RateLimitBucket = keyof typeof RATE_LIMITS;

/** Send an Email (spec part 1 §5, §7): recipients of one mail, mails a user sends a day */
export const MAIL_RECIPIENTS_MAX = 20;
export const MAILS_PER_DAY = 30;
export const MAIL_SUBJECT_MAX = 200;
export const MAIL_MESSAGE_MAX = 10000;
export const MAIL_QUOTES_MAX = 50;
export const MAIL_QUOTE_MAX = 5000;
/** items one mail carries, and share links one batch_share_links call answers */
export const MAIL_ITEMS_MAX = 50;
export const SHARE_LINKS_BATCH_MAX = 100;
/** Generate Report (part 1 §9): the content editor's height, and how often the print window is polled */
export const REPORT_EDITOR_HEIGHT_PX = 480;
export const PRINT_POLL_MS = 200;

/** POST /stats (spec part 1 §7): flags in one call, a flag name's length, days counts are kept */
export const STATS_FLAGS_MAX = 50;
export const STATS_FLAG_NAME_MAX = 64;
export const STATS_RETENTION_DAYS = 365;
/** the web client sends its used-feature flags at most this often per tab */
export const STATS_SEND_INTERVAL_MS = 60_000;

/** blog accounts one user keeps, and how many of them load_blogs checks at once */
export const BLOG_ACCOUNTS_MAX = 20;
export const BLOG_CHECKS_AT_ONCE = 4;

/** Personal access tokens (issue 30): a name's length, tokens a user keeps, the longest expiry offered */
export const TOKEN_NAME_MAX = 100;
export const TOKENS_PER_USER_MAX = 50;
export const TOKEN_EXPIRY_DAYS_MAX = 3650;

/** webhooks (issue 30): per user, a URL's length, deliveries kept in each one's log */
export const WEBHOOKS_MAX = 20;
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_LOG_KEPT = 50;
/** failed deliveries in a row that turn a webhook off (and mail its owner) */
export const WEBHOOK_FAILURES_TO_DISABLE = 10;
