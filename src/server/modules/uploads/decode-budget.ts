/**
 * The memory this process lets decoded pictures take at once, shared by every decode: thumbnail
 * jobs and avatars, in worker threads (BMP) or in sharp. A decode reserves its pixels' bytes
 * (width x height x channels, read from the header before decoding) for as long as it holds them,
 * and waits its turn while they would not fit, so four large pictures at once no longer take four
 * times the memory. Per process on purpose: it is this process's memory being bounded.
 */

/** One 50-megapixel RGB picture (150 MB) fits; several small ones share the rest. */
export const DECODE_BUDGET_BYTES = 160 * 1024 * 1024;

export class DecodeBudget {
  private inUse = 0;
  private holders = 0;
  private readonly waiting: { bytes: number; start: () => void }[] = [];
  /** what the accounting saw: tests check the budget held (never above `bytes`) */
  readonly seen = { peakInUse: 0, peakHolders: 0, decodes: 0 };

  constructor(readonly bytes: number) {}

  /**
   * Runs `work` once `bytes` fit in the budget, in arrival order (a large picture is not starved by
   * small ones). A picture larger than the whole budget runs alone.
   */
  async use<T>(bytes: number, work: () => Promise<T>): Promise<T> {
    if (this.waiting.length > 0 || !this.fits(bytes))
      await new Promise<void>((start) => this.waiting.push({ bytes, start }));
    else this.take(bytes);
    try {
      return await work();
    } finally {
      this.inUse -= bytes;
      this.holders -= 1;
      this.startWaiting();
    }
  }

  private fits(bytes: number): boolean {
    return this.inUse === 0 || this.inUse + bytes <= this.bytes;
  }

  private take(bytes: number) {
    this.inUse += bytes;
    this.holders += 1;
    this.seen.decodes += 1;
    this.seen.peakInUse = Math.max(this.seen.peakInUse, this.inUse);
    this.seen.peakHolders = Math.max(this.seen.peakHolders, this.holders);
  }

  /** Admits the waiting in order while the first fits; each is counted before its turn runs. */
  private startWaiting() {
    while (this.waiting.length > 0 && this.fits(this.waiting[0]!.bytes)) {
      const next = this.waiting.shift()!;
      this.take(next.bytes);
      next.start();
    }
  }
}

/** The process's budget. */
export const decodeBudget = new DecodeBudget(DECODE_BUDGET_BYTES);
