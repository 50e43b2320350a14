import type { RuleAction } from '../../../shared/schemas/rules.ts';

export type ActionType = RuleAction['type'];

/** An action as the form edits it: every field as typed. */
export interface ActionDraft {
  type: ActionType;
  tags: string;
  privacy: '0' | '1';
  outlinerId: string;
  groupId: string;
  url: string;
}

export const ACTION_LABELS: Record<ActionType, string> = {
  add_tags: 'Add tags',
  remove_tags: 'Remove tags',
  star: 'Star',
  mark_read: 'Mark read',
  set_private: 'Make private or public',
  add_to_outliner: 'Add to an outliner',
  share_to_group: 'Share to a group',
  webhook: 'Send a webhook',
};

export const newDraft = (): ActionDraft => ({
  type: 'add_tags',
  tags: '',
  privacy: '1',
  outlinerId: '',
  groupId: '',
  url: '',
});

/** The action the call takes (the server checks each field). */
export function actionOf(d: ActionDraft): Record<string, unknown> {
  switch (d.type) {
    case 'add_tags':
    case 'remove_tags':
      return { type: d.type, tags: d.tags };
    case 'set_private':
      return { type: d.type, private: Number(d.privacy) };
    case 'add_to_outliner':
      return { type: d.type, outliner_id: d.outlinerId };
    case 'share_to_group':
      return { type: d.type, group_id: d.groupId };
    case 'webhook':
      return { type: d.type, url: d.url };
    default:
      return { type: d.type };
  }
}

/** A stored action in words, for the list of rules. */
export function describeAction(
  a: Record<string, unknown>,
  names: { outliners: Map<number, string>; groups: Map<number, string> },
): string {
  const type = a.type as ActionType;
  switch (type) {
    case 'add_tags':
      return `add tags ${(a.tags as string[]).join(', ')}`;
    case 'remove_tags':
      return `remove tags ${(a.tags as string[]).join(', ')}`;
    case 'set_private':
      return a.private ? 'make private' : 'make public';
    case 'add_to_outliner':
      return `add to ${names.outliners.get(a.outliner_id as number) ?? 'an outliner'}`;
    case 'share_to_group':
      return `share to ${names.groups.get(a.group_id as number) ?? 'a group'}`;
    case 'webhook':
      return `send a webhook to ${a.url as string}`;
    default:
      return ACTION_LABELS[type]?.toLowerCase() ?? type;
  }
}
