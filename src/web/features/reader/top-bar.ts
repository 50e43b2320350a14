/**
 * The reader's top bar (spec part 2 §2): fixed after a scroll of more than 65 px; once fixed it hides
 * on a downward scroll and shows again after an upward scroll of more than 100 px; the bookmark title
 * shows in it only once the reader has scrolled past the article's own title.
 */
export const TOP_BAR_FIXED_AFTER = 65;
export const TOP_BAR_SHOW_AFTER_UP = 100;

export interface TopBarState {
  fixed: boolean;
  visible: boolean;
  showTitle: boolean;
  /** the last scroll position seen */
  lastY: number;
  /** where the current upward scroll began (the lowest point reached going down) */
  turnY: number;
}

export const INITIAL_TOP_BAR: TopBarState = {
  fixed: false,
  visible: true,
  showTitle: false,
  lastY: 0,
  turnY: 0,
};

/**
 * The next state for a scroll position `y`; `titleBottom` is the page offset of the article title's
 * bottom edge (null while there is no title on the page).
 */
export function nextTopBar(state: TopBarState, y: number, titleBottom: number | null): TopBarState {
  const fixed = y > TOP_BAR_FIXED_AFTER;
  const showTitle = titleBottom !== null && y > titleBottom;
  const down = y > state.lastY;
  const turnY = down ? y : Math.max(state.turnY, state.lastY);
  let visible = state.visible;
  if (!fixed) visible = true;
  else if (down) visible = false;
  else if (turnY - y > TOP_BAR_SHOW_AFTER_UP) visible = true;
  return { fixed, visible, showTitle, lastY: y, turnY: down ? y : turnY };
}
