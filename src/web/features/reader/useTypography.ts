import { useCallback, useMemo, useState } from 'react';
import { readTypography, type Typography, writeTypography } from './typography.ts';

/** The reader's typography of the signed-in user (`viewer`, '' for a visitor), kept as it changes. */
export function useTypography(viewer: string): [Typography, (next: Typography) => void] {
  const [changes, setChanges] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again after each change
  const value = useMemo(() => readTypography(viewer), [viewer, changes]);
  const set = useCallback(
    (next: Typography) => {
      writeTypography(viewer, next);
      setChanges((n) => n + 1);
    },
    [viewer],
  );
  return [value, set];
}
