import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helpers/database.ts';
import { type CliContext, cliContextFor, runCommand, USAGE } from './cli-commands.ts';
import type { Database } from './db/client.ts';

let database: Database;
let ctx: CliContext;
beforeAll(async () => {
  database = await freshDatabase();
  ctx = cliContextFor(database);
});
afterAll(() => ctx.close());

describe('operator CLI', () => {
  it('creates a user with the sign-up rules', async () => {
    expect(await runCommand(ctx, 'create-user', ['operator1', 'op@example.com', 'secret123'])).toBe(
      'Created user operator1 (op@example.com).',
    );
    await expect(runCommand(ctx, 'create-user', ['1bad', 'op2@example.com', 'secret123'])).rejects.toThrow(
      'Username must have 6 - 16 characters',
    );
  });

  it('sets a plan, and the user info reflects it', async () => {
    await runCommand(ctx, 'create-user', ['planuser1', 'plan@example.com', 'secret123']);
    expect(await runCommand(ctx, 'set-plan', ['planuser1', 'professional', 'month'])).toBe(
      'planuser1 is now on the professional plan (month).',
    );
    const user = await ctx.accounts.findUser(
      (await database.db.query.users.findFirst({
        where: (u, { eq }) => eq(u.name, 'planuser1'),
      }))!.id,
    );
    const info = await ctx.accounts.userInfo(user!.id);
    expect(info).toMatchObject({
      premium: { isPremium: true, servicePlan: 'professional', planUnit: 'month' },
      adsInfo: { showAds: false },
      permissions: { pdfPermission: { pdfQuota: null } },
    });
    await expect(runCommand(ctx, 'set-plan', ['planuser1', 'platinum'])).rejects.toThrow(
      'Unknown plan: platinum',
    );
    await expect(runCommand(ctx, 'set-plan', ['nobody99', 'basic'])).rejects.toThrow(
      'No user named nobody99.',
    );
  });

  it('marks a teacher', async () => {
    await runCommand(ctx, 'create-user', ['teacher01', 'teach@example.com', 'secret123']);
    expect(await runCommand(ctx, 'set-teacher', ['teacher01', 'on'])).toBe('teacher01 is now a teacher.');
  });

  it('sets a used count, which the user info then shows', async () => {
    await runCommand(ctx, 'create-user', ['usageuser1', 'usage@example.com', 'secret123']);
    expect(await runCommand(ctx, 'set-usage', ['usageuser1', 'annotations', '100'])).toBe(
      'usageuser1 has used 100 annotations.',
    );
    const row = await database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.name, 'usageuser1') });
    expect(await ctx.accounts.userInfo(row!.id)).toMatchObject({
      permissions: {
        annPermission: { annotationPermission: false, annotationQuota: 100, annotationUsedCount: 100 },
      },
    });
    await expect(runCommand(ctx, 'set-usage', ['usageuser1', 'stars', '1'])).rejects.toThrow(USAGE);
    await expect(runCommand(ctx, 'set-usage', ['usageuser1', 'annotations', '-1'])).rejects.toThrow(USAGE);
    await expect(runCommand(ctx, 'set-usage', ['nobody99', 'pdfs', '1'])).rejects.toThrow(
      'No user named nobody99.',
    );
  });

  it('prints the usage for an unknown command or missing arguments', async () => {
    await expect(runCommand(ctx, 'explode', [])).rejects.toThrow(USAGE);
    await expect(runCommand(ctx, 'create-user', ['only-name'])).rejects.toThrow(USAGE);
  });
});
