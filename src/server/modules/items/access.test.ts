import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Executor } from '../../db/client.ts';
import type { AnnotationsService } from '../annotations/service.ts';
import { type Authorized, permits } from './access.ts';
import type { ItemRow } from './row.ts';
import type { ItemsService } from './service.ts';

// Checked by tsc (npm run typecheck): each @ts-expect-error fails the typecheck if its line compiles.
declare const plain: ItemRow;
declare const readable: Authorized<ItemRow, 'read'>;
declare const writable: Authorized<ItemRow>;

/** Never called: it exists for the compiler to check the calls in it. */
function writersTakeOnlyCheckedRows(items: ItemsService, tx: Executor) {
  // @ts-expect-error a row that did not pass items/access.ts cannot be written
  void items.update(tx, plain, { title: 'x' });
  // @ts-expect-error a read grant is not a write grant
  void items.update(tx, readable, { title: 'x' });
  // @ts-expect-error the same for every writer of an item's columns
  void items.setAnnotationCount(tx, plain, 1);
  void items.update(tx, writable, { title: 'x' });
  void items.setPageText(tx, writable, 'text');
}

describe('Authorized', () => {
  it('is made only by items/access.ts: a plain row, or one granted reading, is not one for writing', () => {
    expectTypeOf<ItemRow>().not.toExtend<Authorized<ItemRow>>();
    expectTypeOf<ItemRow>().not.toExtend<Authorized<ItemRow, 'read'>>();
    expectTypeOf<Authorized<ItemRow, 'read'>>().not.toExtend<Authorized<ItemRow>>();
    // a write grant is a read grant too
    expectTypeOf<Authorized<ItemRow>>().toExtend<Authorized<ItemRow, 'read'>>();
    // services of other modules take the checked item, never an id and a user id
    expectTypeOf<Parameters<ItemsService['update']>[1]>().toEqualTypeOf<Authorized<ItemRow>>();
    expectTypeOf<AnnotationsService['changeColor']>().parameter(0).toEqualTypeOf<{ id: number }>();
    expectTypeOf(writersTakeOnlyCheckedRows).toBeFunction();
  });
});

describe('the access policy', () => {
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
});
