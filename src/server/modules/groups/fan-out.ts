import { type EventBus, userTopic } from '../../platform/event-bus.ts';

/**
 * Sends one message to the open tabs of each of these users (a group's members) through the event
 * bus, on every instance.
 */
export async function fanOut(bus: EventBus, userIds: Iterable<number>, message: unknown): Promise<void> {
  await Promise.all([...new Set(userIds)].map((id) => bus.publish(userTopic(id), message)));
}
