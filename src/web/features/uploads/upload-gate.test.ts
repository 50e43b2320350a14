import { describe, expect, it } from 'vitest';
import type { Permissions } from '../../../shared/schemas/user-info.ts';
import { uploadGate } from './upload-gate.ts';

function permissions(pdf: [number | null, number], image: [number | null, number]): Permissions {
  return {
    pdf: pdf[0] === null || pdf[1] < pdf[0],
    image: image[0] === null || image[1] < image[0],
    annPermission: { annotationPermission: true, annotationQuota: 100, annotationUsedCount: 0 },
    pdfPermission: { pdfPermission: true, pdfQuota: pdf[0], pdfUsedCount: pdf[1] },
    imagePermission: { imagePermission: true, imageQuota: image[0], imageUsedCount: image[1] },
    outlinerPermission: { outlinerPermission: true, outlinerQuota: null, outlinerUsedCount: 0 },
    cachedPagePermission: { cachedPagePermission: true, cachedPageQuota: null, cachedPageUsedCount: 0 },
  };
}

describe('uploadGate', () => {
  it('opens the upload while the used count is below the quota, or there is no quota', () => {
    expect(uploadGate(permissions([100, 99], [null, 5000]), 'pdf')).toBe('upload');
    expect(uploadGate(permissions([100, 99], [null, 5000]), 'image')).toBe('upload');
  });

  it('says Account Limit Reached at the quota', () => {
    expect(uploadGate(permissions([100, 100], [20, 20]), 'pdf')).toBe('limitReached');
    expect(uploadGate(permissions([100, 100], [20, 20]), 'image')).toBe('limitReached');
  });

  it('says Over quota when the used count exceeds the quota', () => {
    expect(uploadGate(permissions([100, 101], [20, 3]), 'pdf')).toBe('overQuota');
    expect(uploadGate(permissions([100, 3], [20, 21]), 'image')).toBe('overQuota');
  });
});
