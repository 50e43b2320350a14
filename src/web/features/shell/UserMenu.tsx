import { ChevronDown } from 'lucide-react';
import type { UserInfo } from '../../../shared/schemas/user-info.ts';
import { useSignOut } from '../../api/auth.ts';
import { t } from '../../i18n/index.ts';
import { Menu, MenuItem, MenuLabel, MenuLink, MenuSeparator } from '../../ui/Menu.tsx';
import { useFeedback } from '../feedback/FeedbackProvider.tsx';
import { userMenuEntries } from './navigation.ts';
import styles from './Shell.module.css';

/** Avatar and name button; the menu opens on hover after 300 ms, or at once by click or keyboard. */
export function UserMenu({ info }: { info: UserInfo }) {
  const signOut = useSignOut();
  const { openFeedback } = useFeedback();
  const entries = userMenuEntries(info);

  const perform = (action: 'support' | 'sign-out') => {
    if (action === 'support') openFeedback();
    else signOut.mutate();
  };

  return (
    <Menu
      openOnHover
      trigger={
        <button
          type="button"
          className={styles.userButton}
          aria-label={t('userMenu.label', { name: info.name })}
        >
          <img className={styles.avatar} src={info.avatar_url} alt="" width={28} height={28} />
          <span className={styles.userName}>{info.name}</span>
          <ChevronDown size={14} aria-hidden="true" />
        </button>
      }
    >
      <MenuLabel>
        {t('userMenu.signedInAs')} <strong>{info.real_name || info.name}</strong>
      </MenuLabel>
      {entries.map((entry) => (
        <MenuEntry key={entry.id} entry={entry} perform={perform} />
      ))}
    </Menu>
  );
}

function MenuEntry({
  entry,
  perform,
}: {
  entry: ReturnType<typeof userMenuEntries>[number];
  perform: (action: 'support' | 'sign-out') => void;
}) {
  if (entry.kind === 'link') {
    return (
      <MenuLink to={entry.to} external={entry.external ?? false}>
        {entry.label}
      </MenuLink>
    );
  }
  return (
    <>
      {entry.action === 'sign-out' ? <MenuSeparator /> : null}
      <MenuItem onSelect={() => perform(entry.action)}>{entry.label}</MenuItem>
    </>
  );
}
