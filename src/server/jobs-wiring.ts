import type { CaptureService } from './modules/capture/service.ts';
import { IMPORT_JOB, type ImportService } from './modules/import/service.ts';
import { CAPTURE_JOB } from './modules/items/capture-hook.ts';
import type { Renewals } from './modules/premium/renewals.ts';
import type { ReviewDigest } from './modules/review/digest.ts';
import type { RulesService } from './modules/rules/service.ts';
import type { FileJobs } from './modules/uploads/file-jobs.ts';
import type { WebhookDeliveries } from './modules/webhooks/delivery.ts';
import { defineJob, type JobDefinition, type JobQueue } from './platform/jobs.ts';

/**
 * Every background job's handler, registered in one place when the app is wired: a job kind
 * queued anywhere is handled by exactly the definition listed here.
 */
export function registerJobHandlers(
  jobs: JobQueue,
  deps: {
    capture: CaptureService;
    files: FileJobs;
    sweep: JobDefinition<Record<string, never>>;
    renewals: Renewals;
    /** the trash's daily purge (items/trash.ts) */
    trashPurge: JobDefinition<Record<string, never>>;
    /** the link-health sweep (modules/health) */
    linkHealth: JobDefinition<{ seededTo: number }>;
    /** rules over saved and imported items, and their webhooks (modules/rules) */
    rules: RulesService;
    imports: ImportService;
    /** the Daily Review digest's sweep and mails */
    digest: ReviewDigest;
    /** the forgot-password mail (settings/reset-mail.ts) */
    resetMails: JobDefinition<{ email: string; origin: string }>;
    /** webhook deliveries and the mail of a webhook turned off */
    webhooks: WebhookDeliveries;
  },
) {
  jobs.register(
    defineJob(CAPTURE_JOB, (job) => deps.capture.capture(job)),
    ...deps.files.definitions(),
    deps.sweep,
    deps.renewals.definition(),
    deps.trashPurge,
    deps.linkHealth,
    ...deps.rules.definitions(),
    defineJob(IMPORT_JOB, (job) => deps.imports.run(job)),
    deps.resetMails,
    ...deps.digest.definitions(),
    ...deps.webhooks.definitions(),
  );
}
