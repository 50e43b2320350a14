import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../../test/helpers/test-site.ts';
import { PDF_THUMB_MAX_PIXELS, renderFirstPage } from './pdf-thumbnail.ts';

describe('renderFirstPage', () => {
  it("draws a PDF's first page as a 550 px wide PNG on white", async () => {
    const png = await renderFirstPage(new Uint8Array(fixture('uploads/two-pages.pdf')));
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBe(550);
    expect((meta.width ?? 0) * (meta.height ?? 0)).toBeLessThanOrEqual(PDF_THUMB_MAX_PIXELS);
    // a corner of the page is paper, not transparency
    const { data } = await sharp(png).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer({
      resolveWithObject: true,
    });
    expect([...data.subarray(0, 3)]).toEqual([255, 255, 255]);
  });

  it('refuses a file that is not a PDF', async () => {
    await expect(
      renderFirstPage(new Uint8Array(readFileSync(new URL('./pdf-thumbnail.ts', import.meta.url)))),
    ).rejects.toThrow();
  });
});
