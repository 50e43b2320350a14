import type { FastifyInstance } from 'fastify';
import { reviewCalls } from '../../../shared/api/review.ts';
import { escapeHtml } from '../../../shared/escape-html.ts';
import { REVIEW_MSG } from '../../../shared/schemas/review.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { ownOrigin } from '../../platform/auth/origin.ts';
import { binder } from '../../platform/contract.ts';
import { type ReviewDigest, validUnsubscribeToken } from './digest.ts';
import type { ReviewService } from './service.ts';

export function registerReviewRoutes(
  app: FastifyInstance,
  deps: {
    review: ReviewService;
    digest: ReviewDigest;
    auth: Auth;
    secret: string;
    publicUrl: string | undefined;
  },
) {
  const { review } = deps;
  const bind = binder(app, deps.auth);
  bind(reviewCalls.today, ({ user }) => review.today(user.id));
  bind(reviewCalls.grade, ({ user, params, body }) => review.grade(user.id, params.ann_id, body));
  bind(reviewCalls.exclude, async ({ user, params }) => {
    await review.exclude(user.id, params.ann_id);
    return { code: 1 as const };
  });
  bind(reviewCalls.favourite, async ({ user, params, body }) => {
    await review.favourite(user.id, params.ann_id, body.favourite);
    return { code: 1 as const };
  });
  bind(reviewCalls.settings, ({ user }) => review.settings(user.id));
  bind(reviewCalls.saveSettings, ({ user, body, request }) =>
    review.saveSettings(user.id, body, ownOrigin(request, deps.publicUrl)),
  );

  bind(reviewCalls.sendDigest, async ({ user }) => {
    await deps.digest.queueNow(user.id);
    return { code: 1 as const };
  });

  const valid = (query: { u: number; t: string }) => validUnsubscribeToken(deps.secret, query.u, query.t);
  // the mail's link: a page whose button posts (opening a link, or a scanner following it, changes nothing)
  bind(reviewCalls.unsubscribePage, async ({ query, reply }) => {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    const body = valid(query)
      ? `<h1>Stop the Daily Review digest?</h1>
<form method="post" action="/api/review/unsubscribe?${escapeHtml(new URLSearchParams({ u: String(query.u), t: query.t }).toString())}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Unsubscribe</button></form>`
      : `<h1>Unsubscribe</h1><p>${REVIEW_MSG.unsubscribeLink}</p>`;
    return reply
      .type('text/html; charset=utf-8')
      .code(valid(query) ? 200 : 400)
      .send(page(body));
  });
  bind(
    reviewCalls.unsubscribe,
    async ({ query, reply }) => {
      if (!valid(query)) {
        return reply
          .type('text/html; charset=utf-8')
          .code(400)
          .send(page(`<p>${REVIEW_MSG.unsubscribeLink}</p>`));
      }
      await review.stopDigest(query.u);
      return reply
        .type('text/html; charset=utf-8')
        .send(
          page(
            '<h1>Unsubscribed</h1><p>You will get no more Daily Review digests. <a href="/review">Open your review</a></p>',
          ),
        );
    },
    { config: { crossSiteAllowed: true } },
  );
}

function page(body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Daily Review digest - Folio</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;color:#1a1a1a;background:#fff}
@media (prefers-color-scheme:dark){body{color:#eee;background:#181818}}
button{font:inherit;padding:.5rem 1.25rem;border-radius:6px;border:1px solid #2563eb;background:#2563eb;color:#fff;cursor:pointer}
a{color:inherit}</style></head><body><main>${body}</main></body></html>`;
}
