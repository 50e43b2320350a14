#!/usr/bin/env node
// Runs a command while CPU-spinning workers keep every core busy, to show tests do not depend on
// timing: `node scripts/stress.mjs [--runs N] [--workers N] -- <command...>`. Runs the command N
// times in a row (stopping at the first failure), prints each run's outcome and duration, and
// exits with the first failing status.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

const args = process.argv.slice(2);
const split = args.indexOf('--');
const options = split === -1 ? [] : args.slice(0, split);
const command = split === -1 ? args : args.slice(split + 1);
const option = (name, fallback) => {
  const at = options.indexOf(name);
  return at === -1 ? fallback : Number(options[at + 1]);
};
const runs = option('--runs', 1);
const workerCount = option('--workers', availableParallelism());
if (command.length === 0 || !(runs >= 1) || !(workerCount >= 1)) {
  console.error('usage: node scripts/stress.mjs [--runs N] [--workers N] -- <command...>');
  process.exit(2);
}

// Each worker spins forever; they end with this process.
const spinners = Array.from(
  { length: workerCount },
  () => new Worker('for (;;) { Math.sqrt(Math.random()); }', { eval: true }),
);

const runOnce = () =>
  new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const results = [];
let status = 0;
for (let run = 1; run <= runs && status === 0; run++) {
  const started = Date.now();
  status = await runOnce();
  const seconds = Math.round((Date.now() - started) / 1000);
  results.push(`run ${run}/${runs}: ${status === 0 ? 'passed' : `failed (exit ${status})`} in ${seconds} s`);
  console.log(`[stress] ${results.at(-1)}`);
}
await Promise.all(spinners.map((w) => w.terminate()));
console.log(
  `[stress] ${workerCount} spinning workers; ${command.join(' ')}\n[stress] ${results.join('\n[stress] ')}`,
);
process.exit(status);
