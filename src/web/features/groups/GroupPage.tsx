import { ExternalLink, LogOut, Pencil, Trash2, UserMinus, Users } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { GROUP_MSG } from '../../../shared/schemas/groups.ts';
import { isSignedIn } from '../../../shared/schemas/user-info.ts';
import {
  type GroupItem,
  groupApi,
  useGroup,
  useGroupItem,
  useGroupItems,
  useGroupMutation,
  useGroups,
} from '../../api/groups.ts';
import { useUserInfo } from '../../api/user-info.ts';
import { links } from '../../lib/links.ts';
import { Button } from '../../ui/Button.tsx';
import { IconButton } from '../../ui/IconButton.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { useNotify } from '../../ui/notifications/NotificationProvider.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { StateBox } from '../../ui/StateBox.tsx';
import { StepPager } from '../../ui/StepPager.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { itemDate } from '../library/dates.ts';
import styles from './Groups.module.css';
import { modeLabel } from './words.ts';

const PAGE_SIZE = 24;

/**
 * /group/{g_name}: what members shared, newest first, with who and when; a shared item opens
 * read-only with the highlights and sticky notes members made. New shares arrive live (api/live.ts).
 */
export function GroupPage() {
  const { gName = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const { data: info } = useUserInfo();
  const me = isSignedIn(info) ? info : null;
  const groups = useGroups(me !== null);
  const found = groups.data?.find((g) => g.g_name.toLowerCase() === gName.toLowerCase());
  const group = useGroup(found?.group_id);
  const items = useGroupItems(found?.group_id, page, PAGE_SIZE);
  const [opened, setOpened] = useState<number | null>(null);

  if (!me) {
    return (
      <StateBox icon={<Users size={28} aria-hidden="true" />}>
        <p>
          <Link to="/sign-in">Sign in</Link> to see this group.
        </p>
      </StateBox>
    );
  }
  if (groups.isPending) return null;
  if (!found) {
    return (
      <StateBox icon={<Users size={28} aria-hidden="true" />}>
        <p>This group does not exist, or you are not one of its members.</p>
      </StateBox>
    );
  }
  const total = items.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <>
      <PageHeader
        title={found.displayName}
        documentTitle={`${found.displayName} - ${modeLabel(found.mode)}`}
        description={`${modeLabel(found.mode)} ${found.g_name} · owner ${found.owner}${found.description ? ` · ${found.description}` : ''}`}
      />
      <div className={styles.layout}>
        <section aria-label="Shared items">
          <ul className={styles.list} aria-label="Shared items">
            {(items.data?.items ?? []).map((entry) => (
              <SharedRow
                key={entry.item_id}
                entry={entry}
                readerHref={
                  entry.item.type_name === 'bookmark' ? links.groupItem(found.g_name, entry.item_id) : null
                }
                onOpen={() => setOpened(entry.item_id)}
              />
            ))}
          </ul>
          {items.data && total === 0 ? (
            <StateBox className={styles.empty}>
              <p>Nothing has been shared to this group yet.</p>
            </StateBox>
          ) : null}
          <StepPager page={page} pageCount={pages} onPage={(p) => setSearch({ page: String(p) })} />
        </section>
        {group.data ? <MembersPanel data={group.data} meName={me.name} /> : null}
      </div>
      <SharedItemModal groupId={found.group_id} itemId={opened} onClose={() => setOpened(null)} />
    </>
  );
}

/** A shared bookmark opens in the reader (readerHref); other types show their summary. */
function SharedRow({
  entry,
  readerHref,
  onOpen,
}: {
  entry: GroupItem;
  readerHref: string | null;
  onOpen: () => void;
}) {
  const { item } = entry;
  return (
    <li className={styles.row} data-testid="group-item">
      {readerHref ? (
        <Link className={styles.rowTitle} to={readerHref}>
          {item.title || item.url}
        </Link>
      ) : (
        <button type="button" className={styles.rowTitle} onClick={onOpen}>
          {item.title || item.url}
        </button>
      )}
      <span className={styles.meta}>
        {item.type_name} · shared by {entry.shared_by} · {itemDate(entry.shared_at)}
        {entry.annotations.length > 0 ? ` · ${entry.annotations.length} highlight(s)` : ''}
      </span>
      {entry.annotations.slice(0, 3).map((a) => (
        <blockquote key={a.id} className={styles.quote}>
          {a.content} <span className={styles.meta}>— {a.author}</span>
        </blockquote>
      ))}
    </li>
  );
}

type LoadedGroup = NonNullable<ReturnType<typeof useGroup>['data']>;

function MembersPanel({ data, meName }: { data: LoadedGroup; meName: string }) {
  const notify = useNotify();
  const navigate = useNavigate();
  const isOwner = data.group.role === 'owner';
  const invite = useGroupMutation((to: string) => groupApi.invite(data.group.group_id, to));
  const remove = useGroupMutation((userId: number) => groupApi.removeMember(data.group.group_id, userId));
  const leave = useGroupMutation(() => groupApi.leave(data.group.group_id));
  const [to, setTo] = useState('');
  const [warning, setWarning] = useState<string | undefined>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!to.trim()) return;
    invite.mutate(to.trim(), {
      onSuccess: (r) => {
        notify({ kind: 'done', text: `Invitation sent to ${r.user ?? r.email}.` });
        setTo('');
        setWarning(undefined);
      },
      onError: (err) => setWarning(err.message),
    });
  };
  return (
    <aside className={styles.side} aria-label="Members">
      <h2>Members ({data.members.length})</h2>
      <ul className={styles.members}>
        {data.members.map((m) => (
          <li key={m.user_id} className={styles.member}>
            <span>
              {m.display_name}
              {m.role === 'owner' ? ' (owner)' : ''}
            </span>
            {isOwner && m.role !== 'owner' ? (
              <IconButton
                label={`Remove ${m.name}`}
                icon={<UserMinus size={16} aria-hidden="true" />}
                onClick={() => remove.mutate(m.user_id)}
              />
            ) : null}
          </li>
        ))}
      </ul>
      {isOwner ? <OwnerActions group={data.group} /> : null}
      {isOwner ? (
        <form className={styles.form} onSubmit={submit}>
          <TextField
            label="Invite by user name or e-mail"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            warning={warning}
          />
          <Button type="submit" busy={invite.isPending}>
            Invite
          </Button>
        </form>
      ) : (
        <Button
          variant="ghost"
          icon={<LogOut size={16} aria-hidden="true" />}
          onClick={() =>
            leave.mutate(undefined, {
              onSuccess: () => void navigate(links.groups()),
              onError: (err) => notify({ kind: 'error', text: err.message }),
            })
          }
        >
          Leave {meName ? 'group' : ''}
        </Button>
      )}
    </aside>
  );
}

/** The owner renames the group (display name, description) or deletes it after confirming. */
function OwnerActions({ group }: { group: LoadedGroup['group'] }) {
  const notify = useNotify();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const [displayName, setDisplayName] = useState(group.displayName);
  const [description, setDescription] = useState(group.description);
  const [warning, setWarning] = useState<string | undefined>();
  const rename = useGroupMutation(() => groupApi.rename(group.group_id, displayName, description));
  const remove = useGroupMutation(() => groupApi.remove(group.group_id));
  const openRename = () => {
    setDisplayName(group.displayName);
    setDescription(group.description);
    setWarning(undefined);
    setDialog('rename');
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    rename.mutate(undefined, {
      onSuccess: () => {
        notify({ kind: 'done', text: GROUP_MSG.renamed });
        setDialog(null);
      },
      onError: (err) => setWarning(err.message),
    });
  };
  return (
    <div className={styles.ownerActions}>
      <Button size="sm" variant="ghost" icon={<Pencil size={16} aria-hidden="true" />} onClick={openRename}>
        Rename group
      </Button>
      <Button
        size="sm"
        variant="ghost"
        icon={<Trash2 size={16} aria-hidden="true" />}
        onClick={() => setDialog('delete')}
      >
        Delete group
      </Button>
      <Modal open={dialog === 'rename'} onOpenChange={(o) => !o && setDialog(null)} title="Rename group">
        <form className={styles.form} onSubmit={submit}>
          <TextField
            label="Display name"
            value={displayName}
            onChange={(e) => setDisplayName(e.target.value)}
            warning={warning}
            required
          />
          <TextField
            label="Description"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
          <Button type="submit" busy={rename.isPending}>
            SAVE
          </Button>
        </form>
      </Modal>
      <Modal
        open={dialog === 'delete'}
        onOpenChange={(o) => !o && setDialog(null)}
        title={`Delete ${group.displayName}?`}
        description="Its members and shares go with it. Everyone keeps their own items and highlights."
        footer={
          <>
            <Button variant="ghost" onClick={() => setDialog(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              busy={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => {
                    notify({ kind: 'done', text: GROUP_MSG.deleted });
                    void navigate(links.groups());
                  },
                  onError: (err) => notify({ kind: 'error', text: err.message }),
                })
              }
            >
              Delete
            </Button>
          </>
        }
      >
        {null}
      </Modal>
    </div>
  );
}

/** A shared item, read-only, with the group's annotation layer (each highlight with its author). */
function SharedItemModal(props: { groupId: number; itemId: number | null; onClose: () => void }) {
  const loaded = useGroupItem(props.groupId, props.itemId ?? undefined);
  const data = loaded.data;
  return (
    <Modal
      open={props.itemId !== null}
      onOpenChange={(o) => !o && props.onClose()}
      title={data?.item.title || data?.item.url || 'Shared item'}
      description={data ? `Shared by ${data.shared_by} · ${itemDate(data.shared_at)}` : undefined}
      size="lg"
    >
      {data ? (
        <div className={styles.side}>
          {data.item.url ? (
            <a href={data.item.url} target="_blank" rel="noopener noreferrer">
              <ExternalLink size={14} aria-hidden="true" /> {data.item.url}
            </a>
          ) : null}
          {data.item.description ? <p>{data.item.description}</p> : null}
          <h3>Highlights ({data.annotations.length})</h3>
          {data.annotations.length === 0 ? <p className={styles.meta}>No highlights yet.</p> : null}
          <ul className={styles.members} aria-label="Group highlights">
            {data.annotations.map((a) => (
              <li key={a.id} className={styles.annotation}>
                <blockquote className={styles.quote}>{a.content}</blockquote>
                <span className={styles.meta}>by {a.author}</span>
                {a.stickyNotes.map((s) => (
                  <p key={s.id} className={styles.description}>
                    {s.content}
                  </p>
                ))}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Modal>
  );
}
