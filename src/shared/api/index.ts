import { accountCalls } from './accounts.ts';
import { annotationCalls } from './annotations.ts';
import { blogCalls } from './blogs.ts';
import { captureCalls } from './capture.ts';
import { connectionCalls } from './connections.ts';
import type { Call } from './define.ts';
import { docsCalls } from './docs.ts';
import { driveCalls } from './drives.ts';
import { duplicateCalls } from './duplicates.ts';
import { exportCalls } from './export.ts';
import { extensionCalls } from './extension.ts';
import { feedbackCalls } from './feedback.ts';
import { groupCalls } from './groups.ts';
import { healthCalls } from './health.ts';
import { importCalls } from './import.ts';
import { itemCalls } from './items.ts';
import { liveCalls } from './live.ts';
import { mcpCalls } from './mcp.ts';
import { noteCalls } from './notes.ts';
import { outlinerCalls } from './outliners.ts';
import { premiumCalls } from './premium.ts';
import { profileCalls } from './profile.ts';
import { reviewCalls } from './review.ts';
import { ruleCalls } from './rules.ts';
import { savedSearchCalls } from './saved-searches.ts';
import { settingsCalls } from './settings.ts';
import { sharingCalls } from './sharing.ts';
import { siteCalls } from './site.ts';
import { statsCalls } from './stats.ts';
import { systemCalls } from './system.ts';
import { tagCalls } from './tags.ts';
import { tokenCalls } from './tokens.ts';
import { toolbarCalls } from './toolbar.ts';
import { trashCalls } from './trash.ts';
import { twoFactorCalls } from './two-factor.ts';
import { uploadCalls } from './uploads.ts';
import { webhookCalls } from './webhooks.ts';

/** Every call Folio answers, by domain: what /api/docs describes (the server's own use, not the web's). */
export const callsByDomain = {
  accounts: accountCalls,
  annotations: annotationCalls,
  blogs: blogCalls,
  capture: captureCalls,
  connections: connectionCalls,
  docs: docsCalls,
  drives: driveCalls,
  duplicates: duplicateCalls,
  export: exportCalls,
  extension: extensionCalls,
  feedback: feedbackCalls,
  groups: groupCalls,
  health: healthCalls,
  import: importCalls,
  items: itemCalls,
  live: liveCalls,
  mcp: mcpCalls,
  notes: noteCalls,
  outliners: outlinerCalls,
  premium: premiumCalls,
  profile: profileCalls,
  review: reviewCalls,
  saved_searches: savedSearchCalls,
  rules: ruleCalls,
  settings: settingsCalls,
  sharing: sharingCalls,
  site: siteCalls,
  stats: statsCalls,
  system: systemCalls,
  tags: tagCalls,
  tokens: tokenCalls,
  toolbar: toolbarCalls,
  trash: trashCalls,
  two_factor: twoFactorCalls,
  uploads: uploadCalls,
  webhooks: webhookCalls,
} satisfies Record<string, Record<string, Call>>;

export const allCalls: Call[] = Object.values(callsByDomain).flatMap((calls) => Object.values(calls));
