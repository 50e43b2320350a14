import { type TransferListItem, Worker } from 'node:worker_threads';

export interface BoundedWorkerOptions {
  workerData: unknown;
  transferList?: TransferListItem[];
  /** the worker's heap: work needing more fails alone instead of taking the server down */
  heapMb: number;
  timeoutMs: number;
  /** the error when the work takes longer than `timeoutMs` */
  timedOut: () => Error;
  /** the error when the worker exits without replying */
  stopped: (exitCode: number) => Error;
}

/**
 * Runs one job in a plain .mjs worker thread, bounded in memory and time, and settles with its
 * first message. The worker is ended as soon as the promise settles.
 */
export function runBoundedWorker<T>(url: URL, options: BoundedWorkerOptions): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(url, {
      workerData: options.workerData,
      transferList: options.transferList,
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb },
      // tsx or vitest loaders are not needed for a plain .mjs file
      execArgv: [],
    });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(() => finish(() => reject(options.timedOut())), options.timeoutMs);
    worker.once('message', (reply: T) => finish(() => resolve(reply)));
    worker.once('error', (err) => finish(() => reject(asError(err))));
    worker.once('exit', (code) => finish(() => reject(options.stopped(code))));
  });
}

/** Libraries' own exception objects (pdf.js) arrive across the thread as plain objects. */
function asError(err: unknown): Error {
  if (err instanceof Error) return err;
  const { name, message } = (err ?? {}) as { name?: string; message?: string };
  const error = new Error(message ?? 'The worker failed.');
  if (name) error.name = name;
  return error;
}
