import { useState } from 'react';
import { urlOf } from '../../../shared/api/define.ts';
import { docsCalls } from '../../../shared/api/docs.ts';
import settings from '../settings/Settings.module.css';
import { AssistantPanel } from './AssistantPanel.tsx';
import styles from './Developer.module.css';
import { TokensPanel } from './TokensPanel.tsx';
import { WebhooksPanel } from './WebhooksPanel.tsx';

/**
 * Settings > Developer (issue 30): personal access tokens for scripts, automation tools and
 * assistants, how to add Folio to an assistant, and webhooks. Each part is its own panel.
 */
export function DeveloperSection() {
  // the token just made, so the assistant's set-up can show it filled in while it is on screen
  const [fresh, setFresh] = useState<string | null>(null);
  return (
    <section className={settings.section} aria-labelledby="developer-h" id="developer">
      <h2 id="developer-h">Developer</h2>
      <p className={styles.muted}>
        Scripts, phone shortcuts, automation tools and AI assistants reach your library with a personal access
        token, sent as <code>Authorization: Bearer &lt;token&gt;</code>. Every call is described in the{' '}
        <a href={urlOf(docsCalls.document)}>API document</a>.
      </p>
      <TokensPanel onMade={setFresh} />
      <AssistantPanel token={fresh} />
      <WebhooksPanel />
    </section>
  );
}
