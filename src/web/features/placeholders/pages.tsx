import { useParams } from 'react-router';
import styles from './ComingSoon.module.css';
import { ComingSoon } from './ComingSoon.tsx';

/** /user/:name and below; the Library issue replaces it. Title 'Library' as the spec names it. */
export function LibraryPlaceholder() {
  const { name = '' } = useParams();
  return (
    <ComingSoon title="Library" documentTitle="Library" arrives="The library arrives with the Library issue.">
      <p className={styles.meta}>
        Library of <strong>{name}</strong>
      </p>
    </ComingSoon>
  );
}

export function OutlinersPlaceholder() {
  return (
    <ComingSoon
      title="Outliners"
      documentTitle="Outliners"
      arrives="Outliners arrive with the Outliners issue."
    />
  );
}

export function OutlinerPlaceholder() {
  return <ComingSoon title="Outliner" arrives="Outliners arrive with the Outliners issue." />;
}

export function ProfilePlaceholder() {
  const { name = '' } = useParams();
  return (
    <ComingSoon
      title="Public library"
      documentTitle={`Public library - ${name}`}
      arrives="Public libraries arrive with the Profile issue."
    >
      <p className={styles.meta}>
        Public library of <strong>{name}</strong>
      </p>
    </ComingSoon>
  );
}

export function PremiumPlaceholder() {
  return <ComingSoon title="Premium" arrives="Plans and payment arrive with the Premium issue." />;
}

export function SettingsPlaceholder() {
  return (
    <ComingSoon
      title="Settings"
      documentTitle="Settings"
      arrives="Settings arrive with the Settings issue."
    />
  );
}

export function CachedPlaceholder() {
  return <ComingSoon title="Cached page" arrives="Cached pages arrive with the Capture issue." />;
}
