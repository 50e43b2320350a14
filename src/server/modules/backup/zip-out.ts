import type { Writable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** Resolves when `out` drains or closes (listeners removed either way: this runs once per piece). */
export function drainOf(out: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/** Text gathered before it is compressed: bigger pieces compress better, and this bounds memory. */
const TEXT_PIECE = 64 * 1024;

/**
 * A zip written as a stream into `out` with fflate's streaming Zip, one member after another: each
 * piece is compressed as it is pushed and written at once, and the writer waits while `out` is full,
 * so a slow store pauses the backup instead of the zip piling up in memory.
 */
export class ZipOut {
  private readonly zip: Zip;
  private failure: Error | undefined;
  private readonly ended: Promise<void>;

  constructor(private readonly out: Writable) {
    let finish: () => void = () => {};
    this.ended = new Promise((resolve) => {
      finish = resolve;
    });
    this.zip = new Zip((err, chunk, final) => {
      if (err) this.failure = err;
      else out.write(chunk);
      if (final || err) finish();
    });
  }

  /** Waits until `out` takes more (or fails with what went wrong). */
  async drained(): Promise<void> {
    if (this.failure) throw this.failure;
    while (this.out.writableNeedDrain && !this.out.destroyed) await drainOf(this.out);
    if (this.out.destroyed) throw this.out.errored ?? new Error('The backup was stopped.');
  }

  /** A small member stored as it is (no compression): readable in the file's first bytes. */
  async stored(name: string, text: string): Promise<void> {
    const member = new ZipPassThrough(name);
    this.zip.add(member);
    member.push(new TextEncoder().encode(text), true);
    await this.drained();
  }

  /** A text member (JSON), written a piece at a time. */
  text(name: string): TextMember {
    const member = new ZipDeflate(name, { level: 6 });
    this.zip.add(member);
    return new TextMember(member, this);
  }

  /**
   * A stored file's member, kept as it is (no compression): pictures, PDFs and the like are mostly
   * compressed already, and deflating a gigabyte again costs a minute of CPU for a few per cent.
   */
  async file(name: string, body: AsyncIterable<Uint8Array>): Promise<void> {
    const member = new ZipPassThrough(name);
    this.zip.add(member);
    for await (const chunk of body) {
      member.push(chunk instanceof Uint8Array ? chunk : new Uint8Array(chunk), false);
      await this.drained();
    }
    member.push(new Uint8Array(0), true);
    await this.drained();
  }

  async end(): Promise<void> {
    this.zip.end();
    await this.ended;
    if (this.failure) throw this.failure;
    await this.drained();
  }
}

export class TextMember {
  private pending: string[] = [];
  private size = 0;
  private readonly encoder = new TextEncoder();

  constructor(
    private readonly member: ZipDeflate,
    private readonly zip: ZipOut,
  ) {}

  async write(text: string): Promise<void> {
    this.pending.push(text);
    this.size += text.length;
    if (this.size >= TEXT_PIECE) await this.flush(false);
  }

  async end(): Promise<void> {
    await this.flush(true);
  }

  private async flush(final: boolean) {
    const text = this.pending.join('');
    this.pending = [];
    this.size = 0;
    this.member.push(this.encoder.encode(text), final);
    await this.zip.drained();
  }
}
