import { OutlinerSideArea } from '../outliners/OutlinerSideArea.tsx';

/**
 * The split-screen outliner area (spec part 1 §2) in the reader's second area, which gives it its
 * title, close button and frame.
 */
export function OutlinerPanel() {
  return <OutlinerSideArea inPanel />;
}
