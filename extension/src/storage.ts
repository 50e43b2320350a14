/** A key-value area: chrome.storage.local in the extension, a Map in unit tests. */
export interface KeyValue {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  remove(key: string): Promise<void>;
}

export function memoryStore(): KeyValue {
  const map = new Map<string, unknown>();
  return {
    get: async <T>(key: string) => structuredClone(map.get(key)) as T | undefined,
    set: async (key, value) => {
      map.set(key, structuredClone(value));
    },
    remove: async (key) => {
      map.delete(key);
    },
  };
}
