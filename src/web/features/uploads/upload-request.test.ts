import { describe, expect, it } from 'vitest';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { UPLOAD_MSG } from '../../../shared/schemas/uploads.ts';
import { ApiError, GENERIC_FAILURE } from '../../api/client.ts';
import { readUploadReply, uploadForm } from './upload-request.ts';

const item = { link_id: 7, type_name: 'pdf' } as ItemReply;

describe('readUploadReply', () => {
  it('takes the items of a successful reply', () => {
    expect(readUploadReply('pdf', { items: [item] })).toEqual({ kind: 'done', items: [item] });
  });

  it('reads code -2 as the limit, with the PDF and the image wording', () => {
    expect(readUploadReply('pdf', new ApiError('x', 402, undefined, -2))).toEqual({
      kind: 'limit',
      message: UPLOAD_MSG.pdfLimit,
    });
    expect(readUploadReply('image', { code: -2 })).toEqual({
      kind: 'limit',
      message: UPLOAD_MSG.imageLimit,
    });
  });

  it('reads no answer as a network failure', () => {
    expect(readUploadReply('pdf', new ApiError(GENERIC_FAILURE, 0))).toEqual({
      kind: 'failed',
      message: UPLOAD_MSG.failed,
    });
  });

  it("reads an image's code -1000 as 'Upload error' and a reply without items as a failure", () => {
    expect(readUploadReply('image', { code: -1000 })).toEqual({
      kind: 'failed',
      message: UPLOAD_MSG.imageError,
    });
    expect(readUploadReply('image', { items: [] }).kind).toBe('failed');
    expect(
      readUploadReply('pdf', new ApiError(GENERIC_FAILURE, 500, undefined, undefined, '<html>')),
    ).toEqual({ kind: 'failed', message: UPLOAD_MSG.failed });
  });

  it("shows the server's own message for a refused file", () => {
    expect(readUploadReply('pdf', new ApiError('Format error: not a PDF.', 400, 'qqfile', -1))).toEqual({
      kind: 'failed',
      message: 'Format error: not a PDF.',
    });
  });
});

describe('uploadForm', () => {
  const fields = { tags: 'a "b c"', description: 'd', private: true, unread: false, lists: '', groups: '' };

  it('sends the fields before the file, with dtype and flags as 1/0', () => {
    const file = new File(['%PDF-1.4'], 'paper.pdf', { type: 'application/pdf' });
    const form = uploadForm('pdf', file, fields);
    expect([...form.keys()]).toEqual([
      'qqfilename',
      'dtype',
      'tags',
      'description',
      'private',
      'unread',
      'lists',
      'groups',
      'qqfile',
    ]);
    expect(form.get('qqfilename')).toBe('paper.pdf');
    expect(form.get('dtype')).toBe('pdf');
    expect(form.get('private')).toBe('1');
    expect(form.get('unread')).toBe('0');
    expect((form.get('qqfile') as File).name).toBe('paper.pdf');
  });

  it('names an image with the _1 suffix', () => {
    const file = new File([new Uint8Array([0x89, 0x50])], 'cat.png', { type: 'image/png' });
    const form = uploadForm('image', file, fields);
    expect(form.get('qqfilename')).toBe('cat_1.png');
    expect(form.get('dtype')).toBe('image');
  });
});
