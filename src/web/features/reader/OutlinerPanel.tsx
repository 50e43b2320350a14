import { OutlinerSideArea } from '../outliners/OutlinerSideArea.tsx';

/** The split-screen outliner area (spec part 1 §2) in the reader's second area. */
export function OutlinerPanel({ onClose }: { onClose: () => void }) {
  return <OutlinerSideArea onClose={onClose} />;
}
