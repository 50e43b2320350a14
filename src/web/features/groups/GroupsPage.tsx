import { Plus, Search, Users } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isSignedIn } from '../../../shared/schemas/user-info.ts';
import { ApiError } from '../../api/client.ts';
import { groupApi, useGroupMutation, useGroups, useInvitations } from '../../api/groups.ts';
import { useUserInfo } from '../../api/user-info.ts';
import { links } from '../../lib/links.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { StateBox } from '../../ui/StateBox.tsx';
import { TextField } from '../../ui/TextField.tsx';
import styles from './Groups.module.css';
import { PendingInvitations } from './Invitations.tsx';
import { groupsWord, modeLabel } from './words.ts';

/**
 * My Groups (spec part 1 §2, part 2 §2): the user's Teams or Classes, a search box and the add
 * button, and the invitations waiting for an answer.
 */
export function GroupsPage() {
  const { data: info } = useUserInfo();
  const me = isSignedIn(info) ? info : null;
  const groups = useGroups(me !== null);
  const invitations = useInvitations(me !== null);
  const [query, setQuery] = useState('');
  const [adding, setAdding] = useState(false);
  const word = groupsWord(me);
  const needle = query.trim().toLowerCase();
  const shown = (groups.data ?? []).filter(
    (g) => !needle || g.displayName.toLowerCase().includes(needle) || g.g_name.toLowerCase().includes(needle),
  );

  return (
    <>
      <PageHeader
        title="My Groups"
        description={`Your ${word}: share items with their members and read what they share.`}
        actions={
          me ? (
            <Button
              variant="primary"
              icon={<Plus size={16} aria-hidden="true" />}
              onClick={() => setAdding(true)}
            >
              Add group
            </Button>
          ) : null
        }
      />
      <PendingInvitations invitations={invitations.data ?? []} />
      <search className={styles.search}>
        <Search size={16} className={styles.searchIcon} aria-hidden="true" />
        <input
          type="search"
          className={styles.searchInput}
          placeholder="Search groups"
          aria-label="Search groups"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </search>
      <ul className={styles.list} aria-label="Groups">
        {shown.map((g) => (
          <li key={g.group_id} className={styles.row}>
            <Link to={links.group(g.g_name)} className={styles.rowTitle}>
              {g.displayName}
            </Link>
            <span className={styles.meta}>
              {modeLabel(g.mode)} · {g.g_name} · {g.member_count} member(s) · {g.item_count} item(s)
              {g.role === 'owner' ? ' · owner' : ''}
            </span>
            {g.description ? <p className={styles.description}>{g.description}</p> : null}
          </li>
        ))}
      </ul>
      {!me ? (
        <StateBox icon={<Users size={28} aria-hidden="true" />} className={styles.empty}>
          <p>
            <Link to="/sign-in">Sign in</Link> to see your groups.
          </p>
        </StateBox>
      ) : groups.isPending ? null : shown.length === 0 ? (
        <StateBox icon={<Users size={28} aria-hidden="true" />} className={styles.empty}>
          <p>{needle ? `No group matches “${query.trim()}”.` : 'You have not joined any group yet.'}</p>
        </StateBox>
      ) : null}
      <CreateGroupModal open={adding} onClose={() => setAdding(false)} />
    </>
  );
}

function CreateGroupModal(props: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const create = useGroupMutation(groupApi.create);
  const [name, setName] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const close = () => {
    setError(null);
    props.onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      { name: name.trim(), displayName: displayName.trim(), description },
      {
        onSuccess: (group) => {
          close();
          void navigate(links.group(group.g_name));
        },
        onError: (err) =>
          setError({ field: err instanceof ApiError ? err.field : undefined, message: err.message }),
      },
    );
  };
  const warn = (field: string) => (error && (error.field ?? 'name') === field ? error.message : undefined);
  return (
    <Modal
      open={props.open}
      onOpenChange={(o) => !o && close()}
      title="Add a group"
      size="sm"
      footer={
        <>
          <Button variant="ghost" onClick={close}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form="create-group" busy={create.isPending}>
            Create
          </Button>
        </>
      }
    >
      <form id="create-group" className={styles.form} onSubmit={submit}>
        <TextField
          label="Display name"
          value={displayName}
          onChange={(e) => setDisplayName(e.target.value)}
          warning={warn('displayName')}
          required
        />
        <TextField
          label="Group name"
          hint="6-16 letters, digits, - or _, beginning with a letter; used in the group's address."
          value={name}
          onChange={(e) => setName(e.target.value)}
          warning={warn('name')}
          required
        />
        <TextField
          label="Description"
          multiline
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          warning={warn('description')}
        />
      </form>
    </Modal>
  );
}
