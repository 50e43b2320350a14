import { Puzzle, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { readCookie, writeCookie } from '../../lib/cookies.ts';
import { links } from '../../lib/links.ts';
import { IconButton } from '../../ui/IconButton.tsx';
import styles from './ExtensionBar.module.css';
import {
  bookmarkletHref,
  EXTENSION_BAR_COOKIE,
  EXTENSION_BAR_COOKIE_DAYS,
  EXTENSION_BAR_DELAY_MS,
  hasExtension,
  isDesktopChrome,
} from './extension.ts';

/** The install-extension bar of the library (spec part 1 §2): desktop Chrome, after 1 s, until dismissed. */
export function ExtensionBar({ username }: { username: string }) {
  const [shown, setShown] = useState(false);
  const link = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    if (!isDesktopChrome(navigator) || readCookie(EXTENSION_BAR_COOKIE)) return;
    const timer = setTimeout(() => setShown(!hasExtension(document.documentElement)), EXTENSION_BAR_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    // React refuses javascript: URLs in JSX; a bookmarklet is one by nature, so it is set directly
    // over the plain library link rendered first
    if (shown) link.current?.setAttribute('href', bookmarkletHref(window.location.origin, username));
  }, [shown, username]);

  if (!shown) return null;
  const dismiss = () => {
    writeCookie(EXTENSION_BAR_COOKIE, '1', EXTENSION_BAR_COOKIE_DAYS);
    setShown(false);
  };
  return (
    <aside className={styles.bar} aria-label="Save pages from your browser">
      <Puzzle size={18} aria-hidden="true" />
      <p>
        Save any page in one click: drag{' '}
        <a
          ref={link}
          href={links.library(username)}
          className={styles.button}
          title="Drag me to your bookmarks bar"
        >
          Save to Folio
        </a>{' '}
        to your bookmarks bar, then click it on any page. Or{' '}
        <Link to={links.extension}>install the Folio extension</Link> to save pages as you see them and
        highlight them.
      </p>
      <IconButton label="Dismiss" icon={<X size={16} aria-hidden="true" />} onClick={dismiss} />
    </aside>
  );
}
