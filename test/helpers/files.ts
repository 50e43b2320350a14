import { type FSWatcher, mkdirSync, watch } from 'node:fs';

/**
 * Resolves once `holds()` is true, checked now and on every change the file system reports under
 * `root` (created if missing): a test waits for a file to appear or go, not for a length of time.
 */
export function waitForFiles(root: string, holds: () => boolean): Promise<void> {
  mkdirSync(root, { recursive: true });
  return new Promise((resolve, reject) => {
    let watcher: FSWatcher | undefined;
    const check = () => {
      if (!holds()) return false;
      watcher?.close();
      resolve();
      return true;
    };
    watcher = watch(root, { recursive: true }, check);
    watcher.on('error', reject);
    check();
  });
}
