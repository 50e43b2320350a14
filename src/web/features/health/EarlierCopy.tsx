import { usePageVersion } from '../../api/health.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { StateBox } from '../../ui/StateBox.tsx';
import styles from './Health.module.css';

/**
 * An earlier copy of the page in place of the current one, with the highlights that stayed on it
 * (not found on the newer copy, so never placed on its text).
 */
export function EarlierCopy(props: {
  linkId: number;
  versionId: number;
  onBack: () => void;
  render: (html: string) => React.ReactNode;
}) {
  const version = usePageVersion(props.linkId, props.versionId);
  const v = version.data;
  if (version.isPending)
    return (
      <StateBox role="status">
        <Spinner size={18} />
        <p>Loading...</p>
      </StateBox>
    );
  if (version.isError || !v)
    return (
      <StateBox role="alert">
        <p>This copy could not be loaded.</p>
      </StateBox>
    );
  return (
    <>
      <div className={styles.notice} role="status">
        <p>
          You are reading the copy saved {new Date(v.captured_at * 1000).toLocaleDateString()}, replaced{' '}
          {new Date(v.replaced_at * 1000).toLocaleDateString()}.{' '}
          <Button size="sm" variant="ghost" onClick={props.onBack}>
            Back to the current copy
          </Button>
        </p>
        {v.orphaned.length ? (
          <>
            <p>Highlights not found on the current copy:</p>
            <ul className={styles.orphans} aria-label="Highlights on this copy">
              {v.orphaned.map((a) => (
                <li key={a.id}>{a.content}</li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
      {props.render(v.html)}
    </>
  );
}
