import type { FastifyInstance } from 'fastify';
import { premiumCalls } from '../../../shared/api/premium.ts';
import { escapeHtml } from '../../../shared/escape-html.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { binder } from '../../platform/contract.ts';
import type { SandboxGateway } from '../../platform/payments/sandbox.ts';

/** The sandbox's PayPal-like approval page: plain forms, no script, so the app's CSP holds. */
function approvalHtml(token: string, amountCents: number, description: string): string {
  const action = (choice: string) =>
    `/premium/paypal/approve?token=${encodeURIComponent(token)}&amp;choice=${choice}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Approve your payment - Sandbox PayPal</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;color:#1a1a1a;background:#fff}
@media (prefers-color-scheme:dark){body{color:#eee;background:#181818}}
main{border:1px solid #8884;border-radius:8px;padding:1.5rem}form{display:inline}
button{font:inherit;padding:.5rem 1.25rem;margin-right:.5rem;border-radius:6px;border:1px solid #0070ba;cursor:pointer}
.approve{background:#0070ba;color:#fff}.cancel{background:transparent;color:inherit}</style></head>
<body><main><h1>Sandbox PayPal</h1>
<p>${escapeHtml(description)}</p><p>Amount: <strong>$${(amountCents / 100).toFixed(2)}</strong></p>
<p>This is the built-in sandbox: no money moves.</p>
<form method="post" action="${action('approve')}"><button class="approve" type="submit">Approve</button></form>
<form method="post" action="${action('cancel')}"><button class="cancel" type="submit">Cancel</button></form>
</main></body></html>`;
}

/** Serves the sandbox gateway's approval page; a real provider hosts its own. */
export async function registerSandboxApprovalPage(
  app: FastifyInstance,
  sandbox: SandboxGateway,
  auth: Pick<Auth, 'currentUser' | 'requireUser'>,
) {
  await app.register(async (scope) => {
    // the page's forms post an empty urlencoded body (read by platform/form-body.ts); the choice is in the query
    const bind = binder(scope, auth);
    bind(premiumCalls.sandboxApprovalPage, async ({ query, reply }) => {
      const pending = sandbox.pendingApproval(query.token);
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      if (!pending)
        return reply
          .status(404)
          .send(
            '<!doctype html><title>Not found</title><p>This payment is no longer waiting for approval.</p>',
          );
      return reply.send(approvalHtml(query.token, pending.amountCents, pending.description));
    });
    bind(premiumCalls.sandboxApprove, async ({ query, reply }) => {
      const next = sandbox.settleApproval(query.token, query.choice === 'approve');
      if (!next)
        return reply
          .status(404)
          .type('text/html; charset=utf-8')
          .send(
            '<!doctype html><title>Not found</title><p>This payment is no longer waiting for approval.</p>',
          );
      return reply.redirect(next, 303);
    });
  });
}
