import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { itemChanges } from '../../api/cache.ts';
import { fileListReducer, toUpload, type UploadEntry, type UploadKind } from './file-list.ts';
import { sendUpload, type UploadFields } from './upload-request.ts';

export interface BatchResult {
  items: ItemReply[];
  failed: number;
}

/**
 * The file list and the batch that sends it, one file at a time so the order on screen is the order
 * of upload (and of quota use). Once the server says the limit is reached, the files still waiting
 * are marked the same way without being sent.
 */
export function useUploadBatch(kind: UploadKind) {
  const client = useQueryClient();
  const [entries, dispatch] = useReducer(fileListReducer<File>, [] as UploadEntry<File>[]);
  const current = useRef(entries);
  current.current = entries;
  const [running, setRunning] = useState(false);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const add = useCallback((files: readonly File[]) => dispatch({ type: 'add', files, kind }), [kind]);

  const run = useCallback(
    async (fields: UploadFields, list: UploadEntry<File>[] = current.current): Promise<BatchResult> => {
      const queue = toUpload(list);
      const controller = new AbortController();
      abort.current = controller;
      setRunning(true);
      const items: ItemReply[] = [];
      let failed = 0;
      let limitMessage: string | null = null;
      for (const entry of queue) {
        const { hash } = entry;
        if (limitMessage !== null || controller.signal.aborted) {
          if (limitMessage !== null) dispatch({ type: 'limit', hash, message: limitMessage });
          failed += 1;
          continue;
        }
        dispatch({ type: 'start', hash });
        const outcome = await sendUpload({
          kind,
          file: entry.file,
          fields,
          signal: controller.signal,
          onProgress: (progress) => dispatch({ type: 'progress', hash, progress }),
        });
        if (outcome.kind === 'done') {
          dispatch({ type: 'done', hash });
          items.push(...outcome.items);
        } else {
          failed += 1;
          if (outcome.kind === 'limit') limitMessage = outcome.message;
          dispatch({ type: outcome.kind === 'limit' ? 'limit' : 'failed', hash, message: outcome.message });
        }
      }
      abort.current = null;
      setRunning(false);
      if (items.length > 0) await itemChanges.created(client);
      return { items, failed };
    },
    [kind, client],
  );

  return {
    entries,
    running,
    add,
    run,
    remove: (hash: string) => dispatch({ type: 'remove', hash }),
    /** 'Retry failed': failed and limit-reached files go back to pending and are sent again */
    retryFailed: (fields: UploadFields) => {
      const next = fileListReducer(current.current, { type: 'retryFailed' });
      dispatch({ type: 'retryFailed' });
      return run(fields, next);
    },
    clear: () => dispatch({ type: 'clear' }),
  };
}
