import { describe, expect, it } from 'vitest';
import { HeapBudget } from './heap-budget.ts';

describe('HeapBudget', () => {
  it('collects only once the heap grew past the budget, then measures from there', () => {
    let collections = 0;
    let garbage: number[][] = [];
    const budget = new HeapBudget(4 * 1024 * 1024, () => {
      collections += 1;
      garbage = [];
    });
    budget.check();
    expect(collections).toBe(0);
    // about 40 MB of arrays kept reachable until the collector drops them: far past the budget even
    // if V8 meanwhile frees garbage the test run left before the budget took its measure
    for (let i = 0; i < 5_000; i++) garbage.push(new Array(1_000).fill(i));
    budget.check();
    expect(collections).toBe(1);
    budget.check();
    expect(collections).toBe(1);
  });

  it('does nothing where the process cannot collect', () => {
    expect(() => new HeapBudget(0, undefined).check()).not.toThrow();
  });
});
