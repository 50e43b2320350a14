import { z } from 'zod';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import type { Fetcher } from '../../platform/fetcher.ts';
import { jobType, PermanentJobError } from '../../platform/jobs.ts';

/**
 * A rule's webhook action: one job per matched item, its delivery a JSON POST through the guarded
 * fetcher (a private address is refused at delivery as at creation). Kept to one function so a
 * signed delivery can take its place.
 */
export const RULE_WEBHOOK_JOB = jobType(
  'rule-webhook',
  z.object({
    ruleId: z.number().int().positive(),
    itemId: z.number().int().positive(),
    url: z.string().max(4096),
  }),
);

export async function deliverRuleWebhook(
  fetcher: Fetcher,
  url: string,
  body: { event: 'rule.matched'; rule_id: number; item: ItemReply },
): Promise<void> {
  const res = await fetcher.send(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    maxBytes: 4096,
  });
  if (res.status >= 500 || res.status === 429) throw new Error(`The webhook answered HTTP ${res.status}.`);
  if (res.status >= 300) throw new PermanentJobError(`The webhook answered HTTP ${res.status}.`);
}
