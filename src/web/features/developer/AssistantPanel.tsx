import { mcpCalls } from '../../../shared/api/mcp.ts';
import { Button } from '../../ui/Button.tsx';
import { useCopyText } from './copy.ts';
import styles from './Developer.module.css';

const PLACEHOLDER = '<your token>';

/**
 * How to add Folio to an assistant that speaks the Model Context Protocol: the /mcp address and a
 * token, as the usual JSON set-up and as Claude Code's command. The token just made fills them in.
 */
export function AssistantPanel({ token }: { token: string | null }) {
  const copy = useCopyText();
  const url = new URL(mcpCalls.message.path, window.location.origin).href;
  const bearer = `Bearer ${token ?? PLACEHOLDER}`;
  const config = JSON.stringify(
    { mcpServers: { folio: { type: 'http', url, headers: { Authorization: bearer } } } },
    null,
    2,
  );
  const command = `claude mcp add --transport http folio ${url} --header "Authorization: ${bearer}"`;
  return (
    <div className={styles.panel}>
      <h3>Add Folio to an assistant</h3>
      <p className={styles.muted}>
        Assistants that speak the Model Context Protocol can search your library, read items and their
        highlights, and (with a write token) save bookmarks and add notes. Give them this address and a token:
      </p>
      <dl className={styles.facts}>
        <dt>Server address</dt>
        <dd>
          <code className={styles.secret} data-testid="mcp-url">
            {url}
          </code>
        </dd>
        <dt>Header</dt>
        <dd>
          <code className={styles.secret}>Authorization: {bearer}</code>
        </dd>
      </dl>
      <p className={styles.muted}>Most assistants take a set-up like this one:</p>
      <pre className={styles.snippet}>{config}</pre>
      <div className={styles.actions}>
        <Button size="sm" onClick={() => copy(config)}>
          Copy set-up
        </Button>
        <Button size="sm" onClick={() => copy(command)}>
          Copy Claude Code command
        </Button>
      </div>
    </div>
  );
}
