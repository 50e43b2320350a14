import { eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.ts';
import { users } from '../../src/server/db/schema.ts';
import { AccountsService } from '../../src/server/modules/accounts/service.ts';
import { insertItem, type NewItem } from '../../src/server/modules/items/repo.ts';
import { TagsService } from '../../src/server/modules/tags/service.ts';
import { SignInThrottle } from '../../src/server/platform/auth/throttle.ts';
import { systemClock } from '../../src/server/platform/clock.ts';
import type { TestClient } from '../helpers/app.ts';

export async function userIdOf(database: Database, name: string): Promise<number> {
  const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.name, name));
  if (!row) throw new Error(`no user ${name}`);
  return row.id;
}

let seq = 0;

function tagsService(database: Database): TagsService {
  const clock = systemClock;
  const accounts = new AccountsService({
    db: database.db,
    clock,
    throttle: new SignInThrottle(database.db, clock),
  });
  return new TagsService({ db: database.db, clock, accounts });
}

/** Saves a bookmark through the API, like the add-bookmark form does. */
export async function saveBookmark(
  client: TestClient,
  overrides: Record<string, unknown> = {},
): Promise<{ link_id: number; [key: string]: unknown }> {
  seq += 1;
  const res = await client.post('/item/save/bookmark', {
    url: `https://example.com/page-${seq}-${Date.now()}`,
    title: `Page ${seq}`,
    tags: '',
    description: '',
    private: false,
    unread: false,
    ...overrides,
  });
  if (res.statusCode !== 200) throw new Error(`save failed ${res.statusCode}: ${res.body}`);
  return res.json().items[0];
}

/** Saves a new note through the API, like the note editor does (notes are always private). */
export async function saveNote(
  client: TestClient,
  overrides: { title?: string; content?: string; tags?: string[] } = {},
): Promise<number> {
  seq += 1;
  const { tags = [], ...rest } = overrides;
  const res = await client.post('/item/save/note', {
    local_id: `local-${seq}-${Date.now()}`,
    title: `Note ${seq}`,
    content: `<p>Note ${seq}</p>`,
    note_type: 'rich',
    tags: tags.map((t) => `"${t}"`).join(','),
    ...rest,
  });
  if (res.statusCode !== 200) throw new Error(`note save failed ${res.statusCode}: ${res.body}`);
  return res.json().items[0].link_id;
}

/**
 * Inserts an item of any type straight into the database, for types whose own save paths
 * (upload, note editor, Kindle import) belong to later features.
 */
export async function buildItem(
  database: Database,
  userId: number,
  overrides: Partial<NewItem> & { tags?: string[] } = {},
): Promise<number> {
  seq += 1;
  const { tags = [], ...values } = overrides;
  return database.db.transaction(async (tx) => {
    const row = await insertItem(tx, {
      userId,
      type: 'bookmark',
      title: `Item ${seq}`,
      url: values.type && values.type !== 'bookmark' ? null : `https://example.org/item-${seq}`,
      private: false,
      ...values,
    });
    await tagsService(database).setItemTags(tx, userId, row.id, tags);
    return row.id;
  });
}
