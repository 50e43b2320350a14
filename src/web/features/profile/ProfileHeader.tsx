import { useQueryClient } from '@tanstack/react-query';
import { Pencil, Rss } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { settingsCalls } from '../../../shared/api/settings.ts';
import type { ProfileInfo } from '../../../shared/schemas/profile.ts';
import { PROFILE_HEADER_FIXED_AT } from '../../../shared/schemas/profile.ts';
import { profileKeys } from '../../api/profile.ts';
import { useSettingsOperation } from '../../api/settings.ts';
import { Button } from '../../ui/Button.tsx';
import { IconButton } from '../../ui/IconButton.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { useNotify } from '../../ui/notifications/NotificationProvider.tsx';
import { TextField } from '../../ui/TextField.tsx';
import styles from './Profile.module.css';

const memberSince = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** True once the page has scrolled past `at` pixels. */
function useScrolledPast(at: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > at);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [at]);
  return past;
}

/** The user-meta header (part 2 §2): avatar, display name, Teacher label, Member since; fixed after 56. */
export function ProfileHeader({ info }: { info: ProfileInfo }) {
  const fixed = useScrolledPast(PROFILE_HEADER_FIXED_AT);
  const [editing, setEditing] = useState(false);
  return (
    <>
      <header className={fixed ? `${styles.meta} ${styles.fixed}` : styles.meta} data-fixed={fixed}>
        <img className={styles.avatar} src={info.avatar_url} alt="" width={48} height={48} />
        <div className={styles.metaText}>
          <h1 className={styles.displayName}>
            {info.real_name}
            {info.isSelf ? (
              <IconButton
                label="Change display name"
                icon={<Pencil size={14} aria-hidden="true" />}
                size="sm"
                tone="muted"
                onClick={() => setEditing(true)}
              />
            ) : null}
          </h1>
          <p className={styles.sub}>
            {info.real_name !== info.name ? <span>@{info.name}</span> : null}
            {info.teacher ? <span className={styles.teacher}>Teacher</span> : null}
            <span>Member since {memberSince(info.regist_at)}</span>
          </p>
        </div>
        <a className={styles.rss} href={info.rss_link} title="RSS feed of this public library">
          <Rss size={14} aria-hidden="true" /> RSS
        </a>
      </header>
      {fixed ? <div className={styles.metaSpacer} aria-hidden="true" /> : null}
      {editing ? <DisplayNameDialog info={info} onClose={() => setEditing(false)} /> : null}
    </>
  );
}

/** Change display name: First name, Last name, SAVE (only on one's own profile). */
function DisplayNameDialog({ info, onClose }: { info: ProfileInfo; onClose: () => void }) {
  const [firstName, setFirst] = useState(info.firstName);
  const [lastName, setLast] = useState(info.lastName);
  // the same operation as Settings' Profile section (spec part 2 §7 changeRealName)
  const save = useSettingsOperation(settingsCalls.changeRealName);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { firstName, lastName },
      {
        onSuccess: (reply) => {
          void queryClient.invalidateQueries({ queryKey: profileKeys.root });
          notify({ kind: 'done', text: reply.message });
          onClose();
        },
      },
    );
  };
  return (
    <Modal open onOpenChange={(open) => (open ? undefined : onClose())} title="Change display name" size="sm">
      <form className={styles.nameForm} onSubmit={submit}>
        {save.error ? <p role="alert">{save.error.message}</p> : null}
        <TextField label="First name" value={firstName} onChange={(e) => setFirst(e.target.value)} />
        <TextField label="Last name" value={lastName} onChange={(e) => setLast(e.target.value)} />
        <Button type="submit" variant="primary" busy={save.isPending}>
          SAVE
        </Button>
      </form>
    </Modal>
  );
}
