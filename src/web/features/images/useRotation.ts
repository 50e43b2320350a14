import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { uploadCalls } from '../../../shared/api/uploads.ts';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { itemChanges } from '../../api/cache.ts';
import { call } from '../../api/client.ts';
import { type Rotation, rotate } from './preview.ts';

const storageKey = (linkId: number) => `folio:rotation:${linkId}`;

/** The rotation the server keeps with the item, when its reply carries one. */
function serverRotation(item: ItemReply): Rotation | undefined {
  return ([0, 90, 180, 270] as const).find((r) => r === item.rotation);
}

function stored(linkId: number): Rotation {
  try {
    const value = Number(localStorage.getItem(storageKey(linkId)));
    return ([0, 90, 180, 270] as const).find((r) => r === value) ?? 0;
  } catch {
    return 0;
  }
}

/**
 * Rotations of images, kept (spec part 1 §4): the owner's turn is saved with the item on the server
 * (POST /api/files/rotate); this browser also remembers it, which is all a visitor's turn gets.
 */
export function useRotations() {
  const client = useQueryClient();
  const [turned, setTurned] = useState<Record<number, Rotation>>({});

  const rotationOf = useCallback(
    (item: ItemReply): Rotation =>
      turned[item.link_id] ?? (serverRotation(item) as Rotation | undefined) ?? stored(item.link_id),
    [turned],
  );

  const turn = useCallback(
    (item: ItemReply, direction: 'left' | 'right') => {
      const next = rotate(rotationOf(item), direction);
      setTurned((map) => ({ ...map, [item.link_id]: next }));
      try {
        localStorage.setItem(storageKey(item.link_id), String(next));
      } catch {
        // private browsing: the turn lasts this visit
      }
      if (item.canEdit) {
        call(uploadCalls.rotate, { body: { link_id: item.link_id, rotation: next } })
          .then(() => itemChanges.rotated(client, item.link_id))
          .catch(() => undefined);
      }
    },
    [rotationOf, client],
  );

  return { rotationOf, turn };
}
