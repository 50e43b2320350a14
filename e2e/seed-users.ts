import { buildCliContext, runCommand } from '../src/server/cli-commands.ts';

/**
 * The accounts the role journeys need (e2e/seed.ts), made with the operator CLI's commands in one
 * process: one start instead of one per command, which on a busy machine decides whether the
 * server is up within Playwright's wait.
 */
const COMMANDS = [
  ['create-user', 'premiumuser1', 'premium1@example.com', 'secret123'],
  ['set-plan', 'premiumuser1', 'professional'],
  ['create-user', 'teacheruser1', 'teacher1@school.edu', 'secret123'],
  ['set-teacher', 'teacheruser1', 'on'],
  ['create-user', 'studentuser1', 'student1@school.edu', 'secret123'],
  ['create-user', 'quotauser1', 'quota1@example.com', 'secret123'],
  ['set-usage', 'quotauser1', 'annotations', '99'],
  // at the PDF quota, and past the image quota (as after a downgrade)
  ['set-usage', 'quotauser1', 'pdfs', '100'],
  ['set-usage', 'quotauser1', 'images', '101'],
  // a free user at the PDF quota who goes premium (e2e/premium.spec.ts)
  ['create-user', 'payquotauser1', 'payquota1@example.com', 'secret123'],
  ['set-usage', 'payquotauser1', 'pdfs', '100'],
];

const ctx = await buildCliContext();
try {
  for (const [command, ...args] of COMMANDS) console.log(await runCommand(ctx, command, args));
} finally {
  await ctx.close();
}
