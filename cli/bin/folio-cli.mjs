#!/usr/bin/env node
// Runs the TypeScript sources through tsx (a dependency of the repository), as `npm run folio-cli` does.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/main.ts');
process.exitCode = await main(process.argv.slice(2));
