import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text formats worth compressing; pictures and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

export interface Compressed {
  file: string;
  bytes: number;
  br: number | null;
  gzip: number | null;
}

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every text file of the build, once,
 * at build time, so the server sends them as they are (@fastify/static `preCompressed`) instead of
 * compressing each response. A copy that is not smaller than the file is not written.
 */
export async function precompressDir(dir: string): Promise<Compressed[]> {
  const files = await listFiles(dir);
  return Promise.all(
    files
      .filter((file) => COMPRESSIBLE.test(file))
      .map(async (file): Promise<Compressed> => {
        const body = await readFile(file);
        if (body.length < MIN_BYTES) return { file, bytes: body.length, br: null, gzip: null };
        const [br, gzipped] = await Promise.all([
          brotli(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
          gz(body, { level: 9 }),
        ]);
        const written = async (ext: string, data: Buffer) => {
          if (data.length >= body.length) return null;
          await writeFile(`${file}${ext}`, data);
          return data.length;
        };
        return {
          file,
          bytes: body.length,
          br: await written('.br', br),
          gzip: await written('.gz', gzipped),
        };
      }),
  );
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** The Vite plugin: compresses the output directory after the bundle is written. */
export function precompress(): Plugin {
  let outDir = '';
  let log: (message: string) => void = () => {};
  return {
    name: 'folio-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      log = (message) => config.logger.info(message);
    },
    async closeBundle() {
      const done = await precompressDir(outDir);
      const written = done.filter((f) => f.br !== null || f.gzip !== null).length;
      log(`precompressed ${written} files (brotli and gzip)`);
    },
  };
}
