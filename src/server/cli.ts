import { buildCliContext, runCommand } from './cli-commands.ts';

/** Operator CLI: `npm run folio -- <command> ...`. */
const [command, ...args] = process.argv.slice(2);
try {
  const ctx = await buildCliContext();
  try {
    const out = await runCommand(ctx, command, args);
    console.log(out);
  } finally {
    await ctx.close();
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
