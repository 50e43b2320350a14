import {
  favouriteSchema,
  gradeReplySchema,
  gradeSchema,
  reviewAnnParams,
  reviewOkReplySchema,
  reviewSettingsReplySchema,
  reviewSettingsSchema,
  reviewTodayReplySchema,
  unsubscribeQuerySchema,
} from '../schemas/review.ts';
import { defineCall } from './define.ts';

/** Daily Review: highlights resurfaced by a spaced-repetition scheduler (FSRS), and its digest. */
export const reviewCalls = {
  today: defineCall({
    method: 'GET',
    path: '/api/review/today',
    summary:
      "Today's cards (due highlights first, then new ones, up to the day's limit less those answered), the " +
      'count answered today, the streak of days and how many are due tomorrow',
    caller: 'session',
    reply: reviewTodayReplySchema,
  }),
  grade: defineCall({
    method: 'POST',
    path: '/api/review/:ann_id',
    summary: "Answer a card {grade: again|hard|good|easy}: its next review's date {next_due}",
    caller: 'session',
    params: reviewAnnParams,
    body: gradeSchema,
    reply: gradeReplySchema,
  }),
  exclude: defineCall({
    method: 'POST',
    path: '/api/review/:ann_id/exclude',
    summary: "Don't show this highlight again",
    caller: 'session',
    params: reviewAnnParams,
    reply: reviewOkReplySchema,
  }),
  favourite: defineCall({
    method: 'POST',
    path: '/api/review/:ann_id/favourite',
    summary: 'Mark a card a favourite {favourite: 1} or not (0)',
    caller: 'session',
    params: reviewAnnParams,
    body: favouriteSchema,
    reply: reviewOkReplySchema,
  }),
  settings: defineCall({
    method: 'GET',
    path: '/api/review/settings',
    summary: "The review's preferences: cards a day, sources, tags, new highlights, the digest's schedule",
    caller: 'session',
    reply: reviewSettingsReplySchema,
  }),
  saveSettings: defineCall({
    method: 'POST',
    path: '/api/review/settings',
    summary:
      'Change review preferences {cards_per_day?, sources?, tags?, new_join?, digest?: off|daily|weekly, ' +
      'digest_hour?, digest_weekday?, time_zone?} (a daily digest needs a premium plan)',
    caller: 'session',
    body: reviewSettingsSchema,
    reply: reviewSettingsReplySchema,
  }),
  sendDigest: defineCall({
    method: 'POST',
    path: '/api/review/digest',
    summary: "Mail today's digest now (to see what it looks like); 5 an hour",
    caller: 'session',
    reply: reviewOkReplySchema,
  }),
  unsubscribePage: defineCall({
    method: 'GET',
    path: '/api/review/unsubscribe',
    summary:
      "The digest mail's unsubscribe link: a page whose button turns the digest off (opening it changes nothing)",
    caller: 'visitor',
    query: unsubscribeQuerySchema,
    produces: 'text/html',
  }),
  unsubscribe: defineCall({
    method: 'POST',
    path: '/api/review/unsubscribe',
    summary:
      'Turn the digest off without signing in (RFC 8058 one-click: List-Unsubscribe=One-Click), for the user the ' +
      "link's keyed hash names",
    caller: 'visitor',
    scope: 'none',
    query: unsubscribeQuerySchema,
    produces: 'text/html',
  }),
};
