import type { Executor } from '../../db/client.ts';
import { contactMessages } from '../../db/schema.ts';

export async function insertContactMessage(
  ex: Executor,
  values: { userId: number | null; email: string | null; subject: string; message: string },
): Promise<number> {
  const [row] = await ex.insert(contactMessages).values(values).returning({ id: contactMessages.id });
  return row!.id;
}
