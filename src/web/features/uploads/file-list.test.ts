import { describe, expect, it } from 'vitest';
import { PDF_MAX_BYTES } from '../../../shared/limits.ts';
import { UPLOAD_MSG } from '../../../shared/schemas/uploads.ts';
import {
  canUpload,
  type FileFacts,
  type FileListAction,
  fileHash,
  fileListReducer,
  hasFailures,
  imageUploadName,
  isRemovable,
  toUpload,
  type UploadEntry,
} from './file-list.ts';

const pdf = (name: string, size = 1000, lastModified = 1): FileFacts => ({
  name,
  size,
  type: 'application/pdf',
  lastModified,
});
const image = (name: string, type = ''): FileFacts => ({ name, size: 10, type, lastModified: 1 });

function run(...actions: FileListAction<FileFacts>[]): UploadEntry<FileFacts>[] {
  return actions.reduce(fileListReducer, [] as UploadEntry<FileFacts>[]);
}
const byName = (entries: UploadEntry<FileFacts>[], name: string) =>
  entries.find((e) => e.file.name === name)!;

describe('adding files', () => {
  it('adds valid PDFs as pending with no error', () => {
    const list = run({ type: 'add', kind: 'pdf', files: [pdf('a.pdf'), pdf('b.pdf')] });
    expect(list.map((e) => [e.file.name, e.uploadStatus, e.errorMsg, e.valid])).toEqual([
      ['a.pdf', 0, '', true],
      ['b.pdf', 0, '', true],
    ]);
    expect(canUpload(list)).toBe(true);
  });

  it('refuses a file that is not application/pdf with the format error', () => {
    const list = run({ type: 'add', kind: 'pdf', files: [{ ...pdf('notes.txt'), type: 'text/plain' }] });
    expect(list[0]).toMatchObject({ errorMsg: UPLOAD_MSG.notPdf, valid: false, uploadStatus: 0 });
    expect(canUpload(list)).toBe(false);
  });

  it('accepts a PDF one byte under 64 MB and refuses exactly 64 MB', () => {
    const list = run({
      type: 'add',
      kind: 'pdf',
      files: [pdf('under.pdf', PDF_MAX_BYTES - 1), pdf('at.pdf', PDF_MAX_BYTES)],
    });
    expect(byName(list, 'under.pdf').valid).toBe(true);
    expect(byName(list, 'at.pdf')).toMatchObject({ valid: false, errorMsg: UPLOAD_MSG.tooLarge });
  });

  it('silently ignores duplicates by modified time, size and name, within and across adds', () => {
    const list = run(
      { type: 'add', kind: 'pdf', files: [pdf('a.pdf'), pdf('a.pdf')] },
      { type: 'add', kind: 'pdf', files: [pdf('a.pdf'), pdf('a.pdf', 1000, 2), pdf('a.pdf', 999)] },
    );
    expect(list).toHaveLength(3);
    expect(new Set(list.map((e) => e.hash)).size).toBe(3);
  });

  it('hashes the same facts to the same key and different facts to different keys', () => {
    expect(fileHash(pdf('x.pdf'))).toBe(fileHash(pdf('x.pdf')));
    expect(fileHash(pdf('x.pdf'))).not.toBe(fileHash(pdf('y.pdf')));
    expect(fileHash(pdf('x.pdf'))).toMatch(/^[0-9a-f]{8}$/);
  });

  it('keeps only jpeg, jpg, png, gif and bmp images and ignores the rest', () => {
    const list = run({
      type: 'add',
      kind: 'image',
      files: [
        image('a.JPG'),
        image('b.jpeg'),
        image('c.png'),
        image('d.gif'),
        image('e.bmp'),
        image('f.webp', 'image/webp'),
        image('g.svg', 'image/svg+xml'),
        image('h.pdf', 'application/pdf'),
        image('noext', 'image/png'),
      ],
    });
    expect(list.map((e) => e.file.name)).toEqual(['a.JPG', 'b.jpeg', 'c.png', 'd.gif', 'e.bmp', 'noext']);
    expect(list.every((e) => e.valid)).toBe(true);
  });

  it('names images with a _1 suffix', () => {
    expect(imageUploadName('photo.png')).toBe('photo_1.png');
    expect(imageUploadName('a.b.jpg')).toBe('a.b_1.jpg');
    expect(imageUploadName('plain')).toBe('plain_1');
  });
});

describe('statuses', () => {
  const start = run({ type: 'add', kind: 'pdf', files: [pdf('a.pdf'), pdf('b.pdf'), pdf('c.pdf')] });
  const [a, b, c] = start.map((e) => e.hash) as [string, string, string];

  it('moves a file through uploading with progress to done', () => {
    let list = fileListReducer(start, { type: 'start', hash: a });
    expect(list[0]).toMatchObject({ uploadStatus: 1, progress: 0 });
    list = fileListReducer(list, { type: 'progress', hash: a, progress: 42.4 });
    expect(list[0]!.progress).toBe(42);
    // progress never goes backwards or past 100
    list = fileListReducer(list, { type: 'progress', hash: a, progress: 10 });
    list = fileListReducer(list, { type: 'progress', hash: a, progress: 180 });
    expect(list[0]!.progress).toBe(100);
    list = fileListReducer(list, { type: 'done', hash: a });
    expect(list[0]).toMatchObject({ uploadStatus: 2, progress: 100 });
  });

  it('records failures and limit reached with their messages', () => {
    let list = fileListReducer(start, { type: 'start', hash: a });
    list = fileListReducer(list, { type: 'failed', hash: a, message: UPLOAD_MSG.failed });
    list = fileListReducer(list, { type: 'start', hash: b });
    list = fileListReducer(list, { type: 'limit', hash: b, message: UPLOAD_MSG.pdfLimit });
    expect(list.map((e) => [e.uploadStatus, e.errorMsg])).toEqual([
      [-1, UPLOAD_MSG.failed],
      [-2, UPLOAD_MSG.pdfLimit],
      [0, ''],
    ]);
    expect(hasFailures(list)).toBe(true);
  });

  it('never starts an invalid file', () => {
    const list = run({ type: 'add', kind: 'pdf', files: [{ ...pdf('x.txt'), type: 'text/plain' }] });
    const after = fileListReducer(list, { type: 'start', hash: list[0]!.hash });
    expect(after[0]!.uploadStatus).toBe(0);
    expect(toUpload(after)).toEqual([]);
  });

  it('ignores progress for a file that is not uploading', () => {
    const list = fileListReducer(start, { type: 'progress', hash: c, progress: 50 });
    expect(list[2]!.progress).toBe(0);
  });
});

describe('removing', () => {
  it('removes only pending files', () => {
    let list = run({
      type: 'add',
      kind: 'pdf',
      files: [pdf('a.pdf'), pdf('b.pdf'), pdf('c.pdf'), pdf('d.pdf')],
    });
    const [a, b, c, d] = list.map((e) => e.hash) as [string, string, string, string];
    list = fileListReducer(list, { type: 'start', hash: a });
    list = fileListReducer(list, { type: 'start', hash: b });
    list = fileListReducer(list, { type: 'done', hash: b });
    list = fileListReducer(list, { type: 'start', hash: c });
    list = fileListReducer(list, { type: 'failed', hash: c, message: 'x' });
    expect(list.map(isRemovable)).toEqual([false, false, false, true]);
    for (const hash of [a, b, c, d]) list = fileListReducer(list, { type: 'remove', hash });
    expect(list.map((e) => e.file.name)).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);
  });

  it('removes an invalid pending file, and the same file may be added again after', () => {
    let list = run({ type: 'add', kind: 'pdf', files: [{ ...pdf('x.txt'), type: 'text/plain' }] });
    list = fileListReducer(list, { type: 'remove', hash: list[0]!.hash });
    expect(list).toEqual([]);
    list = fileListReducer(list, {
      type: 'add',
      kind: 'pdf',
      files: [{ ...pdf('x.txt'), type: 'text/plain' }],
    });
    expect(list).toHaveLength(1);
  });
});

describe('Retry failed', () => {
  it('puts failed and limit-reached files back to pending and skips done, uploading and invalid ones', () => {
    let list = run({
      type: 'add',
      kind: 'pdf',
      files: [
        pdf('done.pdf'),
        pdf('busy.pdf'),
        pdf('failed.pdf'),
        pdf('limit.pdf'),
        { ...pdf('bad.txt'), type: 'text/plain' },
      ],
    });
    const hash = (name: string) => byName(list, name).hash;
    for (const name of ['done.pdf', 'busy.pdf', 'failed.pdf', 'limit.pdf'])
      list = fileListReducer(list, { type: 'start', hash: hash(name) });
    list = fileListReducer(list, { type: 'progress', hash: hash('busy.pdf'), progress: 30 });
    list = fileListReducer(list, { type: 'done', hash: hash('done.pdf') });
    list = fileListReducer(list, { type: 'failed', hash: hash('failed.pdf'), message: UPLOAD_MSG.failed });
    list = fileListReducer(list, { type: 'limit', hash: hash('limit.pdf'), message: UPLOAD_MSG.pdfLimit });

    list = fileListReducer(list, { type: 'retryFailed' });
    expect(list.map((e) => [e.file.name, e.uploadStatus, e.progress, e.errorMsg])).toEqual([
      ['done.pdf', 2, 100, ''],
      ['busy.pdf', 1, 30, ''],
      ['failed.pdf', 0, 0, ''],
      ['limit.pdf', 0, 0, ''],
      ['bad.txt', 0, 0, UPLOAD_MSG.notPdf],
    ]);
    expect(toUpload(list).map((e) => e.file.name)).toEqual(['failed.pdf', 'limit.pdf']);
    expect(hasFailures(list)).toBe(false);
  });
});
