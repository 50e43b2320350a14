import { once } from 'node:events';
import { PassThrough } from 'node:stream';

/**
 * Where a builder writes its file: the reply reads from `stream`. The builder awaits `ready()`
 * between items, so a slow reader pauses the export instead of letting the file pile up in
 * memory; an error from the builder ends the stream with that error.
 */
export class Sink {
  readonly stream = new PassThrough({ highWaterMark: 256 * 1024 });

  write(chunk: Uint8Array | string) {
    if (!this.stream.destroyed) this.stream.write(chunk);
  }

  async ready(): Promise<void> {
    while (this.stream.writableNeedDrain && !this.stream.destroyed) {
      await Promise.race([once(this.stream, 'drain'), once(this.stream, 'close')]);
    }
  }

  end() {
    this.stream.end();
  }

  fail(error: unknown) {
    this.stream.destroy(error instanceof Error ? error : new Error(String(error)));
  }

  /** Runs the builder in the background; the stream carries its output or its error. */
  static run(build: (sink: Sink) => Promise<void>): PassThrough {
    const sink = new Sink();
    build(sink).catch((error) => sink.fail(error));
    return sink.stream;
  }
}
