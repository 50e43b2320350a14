import { useParams } from 'react-router';
import styles from './ComingSoon.module.css';
import { ComingSoon } from './ComingSoon.tsx';

/** /user/:name/d/:id, where an export saved as a note lands (part 1 §2). */
export function ExportDestinationPlaceholder() {
  return (
    <ComingSoon
      title="Export"
      arrives="Saving an export as a note is not available yet. Your items are safe in your library."
    />
  );
}

export function ProfilePlaceholder() {
  const { name = '' } = useParams();
  return (
    <ComingSoon
      title="Public library"
      documentTitle={`Public library - ${name}`}
      arrives="Public library pages are not available yet."
    >
      <p className={styles.meta}>
        Public library of <strong>{name}</strong>
      </p>
    </ComingSoon>
  );
}

export function PremiumPlaceholder() {
  return (
    <ComingSoon
      title="Premium"
      arrives="Plans cannot be bought here yet. Write to us through Contact Us to change your plan."
    />
  );
}

export function SettingsPlaceholder() {
  return (
    <ComingSoon
      title="Settings"
      documentTitle="Settings"
      arrives="Account settings are not available here yet. Write to us through Contact Us for any change to your account."
    />
  );
}
