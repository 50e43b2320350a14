import { describe, expect, it } from 'vitest';
import { permitsExport } from './export.ts';

describe('the export policy', () => {
  const found = [
    { id: 1, userId: 1 },
    { id: 2, userId: 1 },
    { id: 3, userId: 2 },
  ];
  it('exports only when every item is the actor’s own', () => {
    expect(permitsExport({ id: 1 }, [1, 2, 2], found)).toBe(true);
    expect(permitsExport({ id: 1 }, [1, 3], found)).toBe(false);
    expect(permitsExport({ id: 1 }, [1, 9], found)).toBe(false);
    expect(permitsExport(null, [1], found)).toBe(false);
  });
});
