import { describe, expect, it } from 'vitest';
import { INITIAL_TOP_BAR, nextTopBar, type TopBarState } from './top-bar.ts';

/** Scrolls through the positions in order, from the top of the page. */
function scroll(positions: number[], titleBottom: number | null = 300): TopBarState {
  return positions.reduce((s, y) => nextTopBar(s, y, titleBottom), INITIAL_TOP_BAR);
}

describe('reader top bar', () => {
  it('stays in place and visible up to 65 px, and is fixed after', () => {
    expect(scroll([30, 65])).toMatchObject({ fixed: false, visible: true });
    expect(scroll([30, 66])).toMatchObject({ fixed: true });
  });

  it('hides on a downward scroll once fixed', () => {
    expect(scroll([40, 200])).toMatchObject({ fixed: true, visible: false });
  });

  it('shows again only after an upward scroll of more than 100 px', () => {
    expect(scroll([400, 800, 750, 700])).toMatchObject({ visible: false });
    expect(scroll([400, 800, 750, 699])).toMatchObject({ visible: true });
    // the upward scroll may come in many small steps
    expect(scroll([800, 790, 760, 720, 699])).toMatchObject({ visible: true });
  });

  it('measures the upward scroll from where it turned', () => {
    // down to 800, up to 720, down again to 760: the next climb counts from 760
    expect(scroll([800, 720, 760, 680])).toMatchObject({ visible: false });
    expect(scroll([800, 720, 760, 659])).toMatchObject({ visible: true });
  });

  it('hides again when the reader goes back down', () => {
    expect(scroll([800, 600, 610])).toMatchObject({ visible: false });
  });

  it('is visible again at the top of the page', () => {
    expect(scroll([800, 900, 20])).toMatchObject({ fixed: false, visible: true });
  });

  it('shows the title only after the article title is scrolled past', () => {
    expect(scroll([100, 300])).toMatchObject({ showTitle: false });
    expect(scroll([100, 301])).toMatchObject({ showTitle: true });
    expect(scroll([500, 200])).toMatchObject({ showTitle: false });
    expect(scroll([5000], null)).toMatchObject({ showTitle: false });
  });
});
