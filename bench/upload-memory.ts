/**
 * How much a 64 MB upload raises the server's memory: starts the real server (PGlite) in a child
 * process, streams a file of 67108863 bytes (the largest accepted) to POST /item/save, and samples
 * the child's resident set size (VmRSS) every 20 ms during the upload.
 *
 *   npx tsx bench/upload-memory.ts [--port 3291] [--runs 3]
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { parseArgs } from 'node:util';
import { PDF_MAX_BYTES } from '../src/shared/limits.ts';
import { signUp, sleep, startServer, tempDir } from './lib.ts';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '3291' }, runs: { type: 'string', default: '3' } },
});
const MB = 1024 * 1024;
const BOUNDARY = '----folio-bench';

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

/** Streams a PDF-looking file of `size` bytes, honouring back-pressure; resolves with the status. */
function upload(base: string, cookie: string, size: number): Promise<number> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="dtype"\r\n\r\npdf\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="qqfile"; filename="big.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n',
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const chunk = Buffer.alloc(256 * 1024, 0x20);
  return new Promise((resolve, reject) => {
    const req = request(`${base}/item/save`, {
      method: 'POST',
      headers: {
        origin: base,
        cookie,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(head.length + (size - 9) + tail.length),
      },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.write(head);
    let left = size - 9;
    const pump = () => {
      while (left > 0) {
        const part = chunk.subarray(0, Math.min(left, chunk.length));
        left -= part.length;
        if (!req.write(part)) return void req.once('drain', pump);
      }
      req.end(tail);
    };
    pump();
  });
}

const server = await startServer({
  port: Number(values.port),
  dataDir: tempDir('folio-bench-upload-'),
  // the PDF text job reads the whole file by design; keep it out of the upload's figure
  env: { JOBS_POLL_MS: '600000' },
});
const pid = server.child.pid!;
try {
  const cookie = await signUp(server.base, `bench${Date.now().toString(36)}`, 'secret123');
  // warm up: load the multipart parser and the code paths once
  if ((await upload(server.base, cookie, 1 * MB)) !== 200) throw new Error('warm-up upload failed');
  await sleep(1000);

  console.log('| run | RSS before MB | peak RSS during upload MB | rise MB | upload s |');
  console.log('|---:|---:|---:|---:|---:|');
  for (let run = 1; run <= Number(values.runs); run++) {
    const before = rssOf(pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(pid));
    }, 20);
    const started = Date.now();
    const status = await upload(server.base, cookie, PDF_MAX_BYTES - 1);
    const seconds = (Date.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssOf(pid));
    if (status !== 200) throw new Error(`upload answered ${status}`);
    const mb = (n: number) => (n / MB).toFixed(1);
    console.log(`| ${run} | ${mb(before)} | ${mb(peak)} | ${mb(peak - before)} | ${seconds.toFixed(2)} |`);
    await sleep(1000);
  }
} finally {
  await server.stop();
}
