import { Users } from 'lucide-react';
import { Link, useParams } from 'react-router';
import type { AnnotationReply } from '../../../shared/schemas/annotations.ts';
import { isSignedIn } from '../../../shared/schemas/user-info.ts';
import { useGroupItem, useGroups } from '../../api/groups.ts';
import { useUserInfo } from '../../api/user-info.ts';
import { links } from '../../lib/links.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { StateBox } from '../../ui/StateBox.tsx';
import { HighlightLayer } from '../annotations/HighlightLayer.tsx';
import { ReaderPage } from '../reader/ReaderPage.tsx';
import { useGroupHighlightActions } from './useGroupHighlightActions.ts';

/**
 * /group/{g_name}/item/{id}: a shared item in the reader the owner uses, read-only for the item
 * itself, with the group's annotation layer: members highlight and write sticky notes, and change
 * only what they made there; each highlight names its author. Changes arrive live (api/live.ts refetches the group's queries).
 */
export function GroupReaderPage() {
  const { gName = '', itemId = '' } = useParams();
  const id = /^\d{1,15}$/.test(itemId) ? Number(itemId) : undefined;
  const { data: info } = useUserInfo();
  const me = isSignedIn(info) ? info : null;
  const groups = useGroups(me !== null);
  const group = groups.data?.find((g) => g.g_name.toLowerCase() === gName.toLowerCase());
  const loaded = useGroupItem(group?.group_id, id);

  if (!me) {
    return (
      <StateBox icon={<Users size={28} aria-hidden="true" />}>
        <p>
          <Link to="/sign-in">Sign in</Link> to see this group.
        </p>
      </StateBox>
    );
  }
  if (groups.isPending || (group && id !== undefined && loaded.isPending)) {
    return (
      <StateBox role="status">
        <Spinner size={18} />
        <p>Loading...</p>
      </StateBox>
    );
  }
  if (!group || id === undefined || loaded.isError || !loaded.data) {
    return (
      <StateBox role="alert" icon={<Users size={28} aria-hidden="true" />}>
        <p>This item is not shared to a group of yours.</p>
        <p>
          <Link to={group ? links.group(group.g_name) : links.groups()}>Back to the group</Link>
        </p>
      </StateBox>
    );
  }
  const entry = loaded.data;
  // the layer's own annotations are changed by their author; the sharer's stay as they are
  const mine = new Set(entry.annotations.filter((a) => a.in_layer && a.author === me.name).map((a) => a.id));
  const authors = new Map(entry.annotations.map((a) => [a.id, a.author]));
  return (
    <GroupReader
      groupId={group.group_id}
      listHref={links.group(group.g_name)}
      item={entry.item}
      username={me.name}
      canChange={(a) => mine.has(a.id)}
      authorOf={(a) => authors.get(a.id) || undefined}
    />
  );
}

function GroupReader(props: {
  groupId: number;
  listHref: string;
  item: Parameters<typeof ReaderPage>[0]['item'];
  username: string;
  canChange: (a: AnnotationReply) => boolean;
  /** each annotation's author: members' highlights are drawn and named apart */
  authorOf: (a: AnnotationReply) => string | undefined;
}) {
  const actions = useGroupHighlightActions(props.groupId, props.item.link_id);
  return (
    <ReaderPage
      key={props.item.link_id}
      item={props.item}
      username={props.username}
      group={{ groupId: props.groupId, listHref: props.listHref }}
      annotationLayer={(article, floats) => (
        <HighlightLayer
          article={article}
          item={props.item}
          {...floats}
          editor={{ actions, canChange: props.canChange, authorOf: props.authorOf }}
        />
      )}
    />
  );
}
