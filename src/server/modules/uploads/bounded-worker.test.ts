import { describe, expect, it } from 'vitest';
import { runBoundedWorker } from './bounded-worker.ts';

/** a worker module given as its source */
const workerOf = (source: string) => new URL(`data:text/javascript,${encodeURIComponent(source)}`);

const limits = {
  heapMb: 64,
  timeoutMs: 5_000,
  timedOut: () => new Error('too long'),
  stopped: (code: number) => new Error(`stopped ${code}`),
};

describe('runBoundedWorker', () => {
  it('settles with the worker’s first message, given its data', async () => {
    const worker = workerOf(
      "import { parentPort, workerData } from 'node:worker_threads'; parentPort.postMessage(workerData.n * 2);",
    );
    await expect(runBoundedWorker<number>(worker, { ...limits, workerData: { n: 21 } })).resolves.toBe(42);
  });

  it('gives up work that runs past its time', async () => {
    const worker = workerOf('for (;;) {}');
    await expect(runBoundedWorker(worker, { ...limits, workerData: null, timeoutMs: 200 })).rejects.toThrow(
      'too long',
    );
  });

  it('rejects when the worker exits without replying', async () => {
    const worker = workerOf('process.exit(3);');
    await expect(runBoundedWorker(worker, { ...limits, workerData: null })).rejects.toThrow('stopped 3');
  });

  it('turns what the worker throws into an Error, even a plain object', async () => {
    const worker = workerOf("throw { name: 'InvalidPDFException', message: 'Invalid PDF structure.' };");
    const failure = runBoundedWorker(worker, { ...limits, workerData: null });
    await expect(failure).rejects.toBeInstanceOf(Error);
    await expect(failure).rejects.toThrow('Invalid PDF structure.');
  });
});
