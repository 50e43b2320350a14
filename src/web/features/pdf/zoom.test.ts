import { describe, expect, it } from 'vitest';
import { fitWidth, ZOOM_MAX, ZOOM_MIN, zoomIn, zoomLabel, zoomOut } from './zoom.ts';

describe('zoom', () => {
  it('steps in and out by a quarter and stays within its bounds', () => {
    expect(zoomIn(1)).toBe(1.25);
    expect(zoomOut(1.25)).toBe(1);
    expect(zoomIn(ZOOM_MAX)).toBe(ZOOM_MAX);
    expect(zoomOut(ZOOM_MIN)).toBe(ZOOM_MIN);
    expect(zoomLabel(1.25)).toBe('125%');
  });

  it('fits the page width, at most 150 %', () => {
    expect(fitWidth(612, 918)).toBe(1.5);
    expect(fitWidth(612, 2000)).toBe(1.5);
    expect(fitWidth(612, 459)).toBe(0.75);
    expect(fitWidth(0, 500)).toBe(1);
    expect(fitWidth(612, 100)).toBe(ZOOM_MIN);
  });
});
