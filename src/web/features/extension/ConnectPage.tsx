import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { tokenCalls } from '../../../shared/api/tokens.ts';
import { isSignedIn } from '../../../shared/schemas/user-info.ts';
import { call } from '../../api/client.ts';
import { useUserInfo } from '../../api/user-info.ts';
import { links } from '../../lib/links.ts';
import { Button } from '../../ui/Button.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { StateBox } from '../../ui/StateBox.tsx';
import styles from './ExtensionPages.module.css';
import { EXTENSION_TOKEN_NAME, hasExtension } from './extension.ts';

/**
 * /extension/connect?state=…: the extension's options page opens it. The signed-in user approves; a
 * personal token with write scope is made for the extension and put in the page, where the
 * extension's content script (running on this one origin) reads it with the state and hands it to
 * the extension's background, which checks the state it made. The page then shows the outcome the
 * content script marks on <html>.
 */
export function ConnectPage() {
  const info = useUserInfo();
  const [search] = useSearchParams();
  const state = search.get('state') ?? '';
  const outcome = useExtensionOutcome();
  const approve = useMutation({
    mutationFn: () => call(tokenCalls.create, { body: { name: EXTENSION_TOKEN_NAME, scope: 'write' } }),
  });

  if (!info.data) return <StateBox>{info.error ? info.error.message : 'Loading…'}</StateBox>;
  const me = info.data;
  if (!isSignedIn(me)) return <Navigate to={links.signIn(`/extension/connect?${search}`)} replace />;
  const token = approve.data?.token;
  return (
    <div className={styles.page}>
      <PageHeader title="Connect the browser extension" documentTitle="Connect the extension" />
      <section className={styles.section} aria-labelledby="connect-h">
        <h2 id="connect-h">Let the Folio extension use your library</h2>
        <p>
          The extension in this browser will save pages and highlights to the library of{' '}
          <strong>{me.name}</strong>. You can revoke its token in Settings at any time.
        </p>
        {!token ? (
          <Button variant="primary" onClick={() => approve.mutate()} disabled={approve.isPending || !state}>
            Approve
          </Button>
        ) : null}
        {!state ? <p className={styles.error}>Open this page with the extension's Connect button.</p> : null}
        {approve.error ? (
          <p className={styles.error} role="alert">
            {approve.error.message}
          </p>
        ) : null}
        {token ? (
          // read by the extension's content script (extension/src/content/content.ts); never sent anywhere
          <output data-folio-extension-token={token} data-state={state} hidden />
        ) : null}
        {token && outcome.connected !== null ? (
          <p className={styles.ok} role="status">
            The extension is connected as {outcome.connected}. You can close this tab.
          </p>
        ) : null}
        {token && outcome.error ? (
          <p className={styles.error} role="alert">
            {outcome.error}
          </p>
        ) : null}
        {token && !outcome.present ? (
          <div role="status">
            <p>
              The extension is not running in this browser. <Link to={links.extension}>Install it</Link>, or
              paste this token in its options (Access token):
            </p>
            <code className={styles.token}>{token}</code>
          </div>
        ) : null}
      </section>
    </div>
  );
}

/** What the extension's content script marks on <html>: there, connected (as whom), or an error. */
function readOutcome() {
  const root = document.documentElement;
  return {
    present: hasExtension(root),
    connected: root.dataset.folioExtensionConnected ?? null,
    error: root.dataset.folioExtensionError ?? null,
  };
}

function useExtensionOutcome() {
  const [outcome, setOutcome] = useState(readOutcome);
  useEffect(() => {
    const observer = new MutationObserver(() => setOutcome(readOutcome()));
    observer.observe(document.documentElement, { attributes: true });
    return () => observer.disconnect();
  }, []);
  return outcome;
}
