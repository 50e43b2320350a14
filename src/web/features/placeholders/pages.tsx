import { useParams } from 'react-router';
import styles from './ComingSoon.module.css';
import { ComingSoon } from './ComingSoon.tsx';

/** /user/:name/d/:id, where an export saved as a note lands (part 1 §2). */
export function ExportDestinationPlaceholder() {
  return <ComingSoon title="Export" arrives="Saving an export as a note arrives with Export." />;
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
