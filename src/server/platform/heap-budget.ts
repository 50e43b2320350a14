import { getHeapStatistics } from 'node:v8';

const usedHeap = () => getHeapStatistics().used_heap_size;

/**
 * A bound on the garbage a long job leaves behind it. Reading a whole library (the backup: rows,
 * records, JSON text) makes garbage faster than V8 collects it on its own, and V8 lets the heap grow
 * meanwhile: a backup of 100,000 items grew the server's memory by 145 MB, all of it collectable
 * (docs/benchmarks.md). The job calls `check()` between batches; past the budget, garbage is
 * collected then. `npm start` runs Node with --expose-gc for this; without it, V8 is left to itself.
 */
export class HeapBudget {
  private floor = usedHeap();

  constructor(
    private readonly growth: number,
    private readonly collect: (() => void) | undefined = (globalThis as { gc?: () => void }).gc,
  ) {}

  /** Collects garbage if the heap grew by more than the budget since the last collection. */
  check(): void {
    if (!this.collect || usedHeap() - this.floor <= this.growth) return;
    this.collect();
    this.floor = usedHeap();
  }
}
