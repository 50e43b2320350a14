/** The part of s3rver (no types of its own) the tests use. */
declare module 's3rver' {
  import type { Server } from 'node:http';
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string }[];
  }

  type Middleware = (ctx: S3rverContext, next: () => Promise<void>) => Promise<void> | void;

  interface S3rverContext {
    method: string;
    path: string;
    query: Record<string, string | string[] | undefined>;
    status: number;
    type: string;
    body: unknown;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    middleware: Middleware[];
    httpServer: Server;
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
