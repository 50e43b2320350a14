/** Zoom steps of the PDF reader (1 = 100 %, the PDF's own size in CSS pixels). */
export const ZOOM_MIN = 0.5;
export const ZOOM_MAX = 4;
const ZOOM_STEP = 1.25;

const clamp = (scale: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, scale));
const round = (scale: number) => Math.round(scale * 100) / 100;

export function zoomIn(scale: number): number {
  return round(clamp(scale * ZOOM_STEP));
}

export function zoomOut(scale: number): number {
  return round(clamp(scale / ZOOM_STEP));
}

/** The scale that fits a page of `pageWidth` into `available` pixels, never above 150 %. */
export function fitWidth(pageWidth: number, available: number): number {
  if (pageWidth <= 0 || available <= 0) return 1;
  return round(clamp(Math.min(1.5, available / pageWidth)));
}

export function zoomLabel(scale: number): string {
  return `${Math.round(scale * 100)}%`;
}
