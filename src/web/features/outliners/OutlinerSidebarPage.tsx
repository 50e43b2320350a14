import { OutlinerSideArea } from './OutlinerSideArea.tsx';

/** /outliner_sidebar (spec part 1 §2): the side area's outliner on a page of its own. */
export function OutlinerSidebarPage() {
  return (
    <>
      <title>Outliner · Folio</title>
      <OutlinerSideArea standalone />
    </>
  );
}
