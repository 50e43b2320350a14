import { buildCliContext, runCommand, USAGE } from './cli-commands.ts';
import { loadConfig } from './config.ts';
import { describeMove, moveFilesToS3 } from './move-files.ts';

/** Operator CLI: `npm run folio -- <command> ...`. */
const [command, ...args] = process.argv.slice(2);
try {
  if (command === 'move-files') {
    // files only: no database, so it runs beside a server that still uses them
    if (args.join(' ') !== '--to s3') throw new Error(USAGE);
    console.log(describeMove(await moveFilesToS3(loadConfig(), (line) => console.log(line))));
  } else {
    const ctx = await buildCliContext();
    try {
      const out = await runCommand(ctx, command, args);
      console.log(out);
    } finally {
      await ctx.close();
    }
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
