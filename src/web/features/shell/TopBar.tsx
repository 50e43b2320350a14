import { Menu as MenuIcon } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import type { LoadUserInfoReply } from '../../../shared/schemas/user-info.ts';
import { isSignedIn } from '../../../shared/schemas/values.ts';
import { t } from '../../i18n/index.ts';
import { links } from '../../lib/links.ts';
import { buttonClass } from '../../ui/Button.tsx';
import { IconButton } from '../../ui/IconButton.tsx';
import { Menu, MenuLink } from '../../ui/Menu.tsx';
import { OfflineBadge } from '../offline/OfflineBadge.tsx';
import { mainNavEntries, type NavEntry, planCallToAction } from './navigation.ts';
import styles from './Shell.module.css';
import { ThemeSwitch } from './ThemeSwitch.tsx';
import { UserMenu } from './UserMenu.tsx';

/** Top bar: brand, main navigation (a menu on narrow screens), plan call to action, theme, account. */
export function TopBar({ info }: { info: LoadUserInfoReply | undefined }) {
  const nav = mainNavEntries(info);
  const cta = planCallToAction(info);
  const user = isSignedIn(info) ? info : null;
  const home = user ? links.library(user.name) : '/';

  return (
    <header className={styles.topbar}>
      <div className={styles.topbarInner}>
        {nav.length > 0 ? (
          <div className={styles.narrowOnly}>
            <Menu
              align="start"
              trigger={
                <IconButton
                  size="md"
                  label={t('nav.menu')}
                  icon={<MenuIcon size={20} aria-hidden="true" />}
                />
              }
            >
              {[...nav, ...(cta ? [cta] : [])].map((entry) =>
                entry.kind === 'link' ? (
                  <MenuLink key={entry.id} to={entry.to} external={entry.external ?? false}>
                    {entry.label}
                  </MenuLink>
                ) : null,
              )}
            </Menu>
          </div>
        ) : null}
        <Link to={home} className={styles.brand} title={t('nav.home')}>
          <span className={styles.logo} aria-hidden="true">
            F
          </span>
          <span className={styles.brandName}>Folio</span>
        </Link>
        {nav.length > 0 ? (
          <nav className={`${styles.mainNav} ${styles.wideOnly}`} aria-label={t('nav.main')}>
            {nav.map((entry) => (
              <NavItem key={entry.id} entry={entry} />
            ))}
          </nav>
        ) : null}
        <div className={styles.spacer} />
        <OfflineBadge />
        {cta && cta.kind === 'link' ? (
          <Link
            to={cta.to}
            className={`${styles.cta} ${cta.id === 'over-quota' ? styles.ctaWarning : ''} ${styles.wideOnly}`}
          >
            {cta.label}
          </Link>
        ) : null}
        <ThemeSwitch />
        {user ? <UserMenu info={user} /> : null}
        {info && !user ? (
          <div className={styles.authLinks}>
            <Link to="/sign-in" className={buttonClass('ghost', 'sm')}>
              {t('nav.signIn')}
            </Link>
            <Link to="/sign-up" className={buttonClass('primary', 'sm')}>
              {t('nav.signUp')}
            </Link>
          </div>
        ) : null}
      </div>
    </header>
  );
}

function NavItem({ entry }: { entry: NavEntry }) {
  if (entry.kind !== 'link') return null;
  if (entry.external) {
    return (
      <a className={styles.navLink} href={entry.to} target="_blank" rel="noopener noreferrer">
        {entry.label}
      </a>
    );
  }
  return (
    <NavLink className={({ isActive }) => `${styles.navLink} ${isActive ? styles.active : ''}`} to={entry.to}>
      {entry.label}
    </NavLink>
  );
}
