import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { isSignedIn } from '../../../shared/schemas/values.ts';
import { useUserInfo } from '../../api/user-info.ts';
import { links } from '../../lib/links.ts';
import { Button } from '../../ui/Button.tsx';
import { StateBox } from '../../ui/StateBox.tsx';
import { sendUpload } from '../uploads/upload-request.ts';
import styles from './Offline.module.css';
import { sharedUrl } from './share.ts';
import { type SharedFile, takeSharedFiles } from './shared-files.ts';

const SHARED_FILE_FIELDS = { tags: '', description: '', private: true, unread: true, lists: '', groups: '' };

/**
 * /share, the manifest's share target. A page or text: the library's add form, filled in with the
 * address (from `url`, or found in `text`); one tap saves. Files (PDFs, pictures) the service worker
 * kept: a Save button uploads them. A signed-out user signs in first and comes back here, with the
 * same query.
 */
export function SharePage() {
  const location = useLocation();
  const { data: info, status } = useUserInfo();
  const search = new URLSearchParams(location.search);
  const hasFiles = Number(search.get('files') ?? 0) > 0;
  if (status === 'pending') return <StateBox aria-busy="true">Opening what was shared…</StateBox>;
  if (status === 'error')
    return <StateBox tone="error">Folio could not be reached. Try sharing again.</StateBox>;
  if (!isSignedIn(info)) {
    return <Navigate to={`/sign-in?next=${encodeURIComponent(`/share${location.search}`)}`} replace />;
  }
  if (hasFiles) return <SharedFiles name={info.name} />;
  const url = sharedUrl({ title: search.get('title'), text: search.get('text'), url: search.get('url') });
  if (!url) {
    return (
      <StateBox>
        Nothing to save: what was shared holds no web address.{' '}
        <a href={links.library(info.name)}>Open the library</a>
      </StateBox>
    );
  }
  return <Navigate to={`${links.library(info.name)}?add=${encodeURIComponent(url)}`} replace />;
}

function SharedFiles({ name }: { name: string }) {
  const navigate = useNavigate();
  const [files, setFiles] = useState<SharedFile[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState<string[]>([]);
  useEffect(() => {
    takeSharedFiles().then(setFiles, () => setFiles([]));
  }, []);
  if (files === null) return <StateBox aria-busy="true">Reading the shared files…</StateBox>;
  if (files.length === 0) {
    return (
      <StateBox>
        No PDF or picture arrived with the share. <a href={links.library(name)}>Open the library</a>
      </StateBox>
    );
  }
  const save = async () => {
    setSaving(true);
    const problems: string[] = [];
    for (const { kind, file } of files) {
      const outcome = await sendUpload({
        kind,
        file,
        fields: SHARED_FILE_FIELDS,
        onProgress: () => undefined,
      });
      if (outcome.kind !== 'done') problems.push(`${file.name}: ${outcome.message}`);
    }
    setSaving(false);
    if (problems.length === 0) navigate(links.library(name));
    else setFailed(problems);
  };
  return (
    <section className={styles.share}>
      <h1>Save to Folio</h1>
      <ul>
        {files.map(({ file }) => (
          <li key={file.name}>{file.name}</li>
        ))}
      </ul>
      {failed.map((problem) => (
        <p key={problem} role="alert">
          {problem}
        </p>
      ))}
      <Button variant="primary" busy={saving} onClick={save}>
        Save {files.length === 1 ? 'the file' : `${files.length} files`}
      </Button>
    </section>
  );
}
