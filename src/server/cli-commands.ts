import { STATS_RETENTION_DAYS } from '../shared/limits.ts';
import { signUpSchema } from '../shared/schemas/auth.ts';
import { ConfigError, loadConfig } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { acquireDataDirLock } from './db/lock.ts';
import type { UsageKind } from './modules/accounts/repo.ts';
import { AccountsService } from './modules/accounts/service.ts';
import { formatCounts, StatsService } from './modules/stats/service.ts';
import { SignInThrottle } from './platform/auth/throttle.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import { AppError, parse } from './platform/errors.ts';

/** The used counts an operator may set, by the names the plans table uses. */
const USAGE_KINDS: Record<string, UsageKind> = {
  annotations: 'annotation',
  images: 'image',
  pdfs: 'pdf',
  outliners: 'outliner',
  cachedPages: 'cachedPage',
};

export const USAGE = `Usage: npm run folio -- <command>
  create-user <name> <email> <password>   create an account
  set-plan <name> <plan> [month|year]     plan: free, basic, standard, professional, business
  set-teacher <name> on|off               mark an account as a teacher
  set-usage <name> <kind> <count>         set a used count; kind: ${Object.keys(USAGE_KINDS).join(', ')}
  stats [days]                            feature counts per day and flag (default 30 days, at most 365)
  move-files --to s3                      copy DATA_DIR/files into S3_BUCKET (can run again to resume)`;

export interface CliContext {
  accounts: AccountsService;
  stats: StatsService;
  close(): Promise<void>;
}

export function cliContextFor(database: Database, clock: Clock = systemClock): CliContext {
  const accounts = new AccountsService({
    db: database.db,
    clock,
    throttle: new SignInThrottle(database.db, clock),
  });
  const stats = new StatsService({ db: database.db, clock });
  return { accounts, stats, close: () => database.close() };
}

/** Opens the same database the server uses; refuses a PGlite directory a running server holds. */
export async function buildCliContext(): Promise<CliContext> {
  const config = loadConfig();
  const release = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir);
  const database = await openDatabase(config);
  await database.migrate();
  const ctx = cliContextFor(database);
  return {
    accounts: ctx.accounts,
    stats: ctx.stats,
    close: async () => {
      await ctx.close();
      release();
    },
  };
}

export async function runCommand(
  ctx: CliContext,
  command: string | undefined,
  args: string[],
): Promise<string> {
  try {
    switch (command) {
      case 'create-user': {
        const [name, email, password] = args;
        if (!name || !email || !password) throw new ConfigError(USAGE);
        const user = await ctx.accounts.signUp(parse(signUpSchema, { name, email, password }));
        return `Created user ${user.name} (${user.email}).`;
      }
      case 'set-plan': {
        const [name, plan, unit] = args;
        if (!name || !plan) throw new ConfigError(USAGE);
        await ctx.accounts.setPlan(name, plan, unit);
        return `${name} is now on the ${plan} plan${plan === 'free' ? '' : ` (${unit ?? 'year'})`}.`;
      }
      case 'set-teacher': {
        const [name, flag] = args;
        if (!name || (flag !== 'on' && flag !== 'off')) throw new ConfigError(USAGE);
        await ctx.accounts.setTeacher(name, flag === 'on');
        return `${name} is ${flag === 'on' ? 'now' : 'no longer'} a teacher.`;
      }
      case 'set-usage': {
        const [name, kindName, count] = args;
        const kind = kindName ? USAGE_KINDS[kindName] : undefined;
        if (!name || !kind || !count || !/^\d+$/.test(count)) throw new ConfigError(USAGE);
        await ctx.accounts.setUsage(name, kind, Number(count));
        return `${name} has used ${count} ${kindName}.`;
      }
      case 'stats': {
        const [days = '30'] = args;
        if (!/^\d{1,3}$/.test(days) || Number(days) < 1 || Number(days) > STATS_RETENTION_DAYS) {
          throw new ConfigError(USAGE);
        }
        await ctx.stats.prune();
        return formatCounts(await ctx.stats.counts(Number(days)), Number(days));
      }
      default:
        throw new ConfigError(USAGE);
    }
  } catch (err) {
    if (err instanceof AppError) throw new Error(err.message);
    throw err;
  }
}
