import type { Clock } from '../../src/server/platform/clock.ts';

/** A clock tests move by hand. */
export class TestClock implements Clock {
  private time: number;
  constructor(start = Date.now()) {
    this.time = start;
  }
  now(): Date {
    return new Date(this.time);
  }
  advance(ms: number): void {
    this.time += ms;
  }
}
