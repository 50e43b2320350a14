import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Executor } from '../db/client.ts';
import type { AnnotationsService } from '../modules/annotations/service.ts';
import type { ItemRow } from '../modules/items/row.ts';
import type { ItemsService } from '../modules/items/service.ts';
import type { Authorized } from './authorized.ts';
import { itemAbilities, permits, permitsNotePicture, readableWhere } from './item.ts';

// Checked by tsc (npm run typecheck): each @ts-expect-error fails the typecheck if its line compiles.
declare const plain: ItemRow;
declare const readable: Authorized<'item', ItemRow, 'read'>;
declare const writable: Authorized<'item', ItemRow>;

/** Never called: it exists for the compiler to check the calls in it. */
function writersTakeOnlyCheckedRows(items: ItemsService, tx: Executor) {
  // @ts-expect-error a row that did not pass the item policy cannot be written
  void items.update(tx, plain, { title: 'x' });
  // @ts-expect-error a read grant is not a write grant
  void items.update(tx, readable, { title: 'x' });
  // @ts-expect-error the same for every writer of an item's columns
  void items.setAnnotationCount(tx, plain, 1);
  void items.update(tx, writable, { title: 'x' });
  void items.setPageText(tx, writable, 'text');
}

describe('Authorized items', () => {
  it('are made only by the item policy: a plain row, or one granted reading, is not one for writing', () => {
    expectTypeOf<ItemRow>().not.toExtend<Authorized<'item', ItemRow>>();
    expectTypeOf<ItemRow>().not.toExtend<Authorized<'item', ItemRow, 'read'>>();
    expectTypeOf<Authorized<'item', ItemRow, 'read'>>().not.toExtend<Authorized<'item', ItemRow>>();
    // a write grant is a read grant too
    expectTypeOf<Authorized<'item', ItemRow>>().toExtend<Authorized<'item', ItemRow, 'read'>>();
    // services of other modules take the checked item, never an id and a user id
    expectTypeOf<Parameters<ItemsService['update']>[1]>().toEqualTypeOf<Authorized<'item', ItemRow>>();
    expectTypeOf<AnnotationsService['changeColor']>().parameter(0).toEqualTypeOf<{ id: number }>();
    expectTypeOf(writersTakeOnlyCheckedRows).toBeFunction();
  });
});

describe('the item policy', () => {
  const owner = { id: 1 };
  const stranger = { id: 2 };
  it.each([
    // actor, private, access, allowed
    [owner, true, 'write', true],
    [owner, true, 'read', true],
    [stranger, true, 'read', false],
    [stranger, true, 'write', false],
    [stranger, false, 'read', true],
    [stranger, false, 'write', false],
    [null, false, 'read', true],
    [null, true, 'read', false],
    [null, false, 'write', false],
  ] as const)('%j on a private=%s item, %s: %s', (actor, isPrivate, access, allowed) => {
    expect(permits(actor, { userId: owner.id, private: isPrivate }, access)).toBe(allowed);
  });

  it('lets a group member read what was shared to the group, never change it', () => {
    const item = { id: 3, userId: owner.id, private: true };
    expect(permits(stranger, item, 'read', { sharedToActor: true })).toBe(true);
    expect(permits(stranger, item, 'write', { sharedToActor: true })).toBe(false);
    expect(permits(stranger, item, 'read', { sharedToActor: false })).toBe(false);
  });

  it('gives the buttons what the write rule says (canEdit)', () => {
    expect(itemAbilities(owner, { userId: owner.id, private: false })).toEqual({ canEdit: true });
    expect(itemAbilities(stranger, { userId: owner.id, private: false })).toEqual({ canEdit: false });
    expect(itemAbilities(null, { userId: owner.id, private: false })).toEqual({ canEdit: false });
  });

  it('reads a library whole for its owner, its public items for anyone else, never the trash', () => {
    const text = (where: ReturnType<typeof readableWhere>) => new PgDialect().sqlToQuery(where!).sql;
    expect(text(readableWhere(owner, owner.id))).toContain('trashed_at');
    expect(text(readableWhere(owner, owner.id))).not.toContain('private');
    expect(text(readableWhere(stranger, owner.id))).toContain('private');
    expect(text(readableWhere(stranger, owner.id))).toContain('trashed_at');
    expect(text(readableWhere(null))).toContain('trashed_at');
  });

  it('shows a note picture to the owner, and to a reader of a note that shows it', () => {
    const picture = { userId: owner.id, path: '/api/files/notes/1/a.png' };
    expect(permitsNotePicture(owner, picture)).toBe(true);
    expect(permitsNotePicture(stranger, picture)).toBe(false);
    const note = { type: 'note', userId: owner.id, noteContent: '<img src="/api/files/notes/1/a.png">' };
    expect(permitsNotePicture(null, picture, note as Authorized<'item', ItemRow, 'read'>)).toBe(true);
    const other = { ...note, noteContent: '<p>none</p>' };
    expect(permitsNotePicture(null, picture, other as Authorized<'item', ItemRow, 'read'>)).toBe(false);
  });
});
