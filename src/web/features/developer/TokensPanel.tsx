import { type FormEvent, useId, useState } from 'react';
import {
  type PersonalTokenRow,
  type PersonalTokenScope,
  TOKEN_SCOPES,
} from '../../../shared/schemas/tokens.ts';
import type { ApiError } from '../../api/client.ts';
import { useMakeToken, useRevokeToken, useTokens } from '../../api/tokens.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { StateBox } from '../../ui/StateBox.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useCopyText } from './copy.ts';
import styles from './Developer.module.css';

/** The expiries offered; '' is none (until revoked). */
const EXPIRIES = [
  ['', 'No expiry'],
  ['7', '7 days'],
  ['30', '30 days'],
  ['90', '90 days'],
  ['365', '1 year'],
] as const;

const SCOPE_LABELS: Record<PersonalTokenScope, string> = {
  read: 'Read: search and read the library',
  write: 'Write: also save, change and delete',
};

const when = (iso: string | null, none: string) => (iso ? new Date(iso).toLocaleString() : none);

/** Personal access tokens: the list, making one (shown once, with Copy) and revoking one. */
export function TokensPanel({ onMade }: { onMade: (token: string | null) => void }) {
  const tokens = useTokens();
  const [made, setMade] = useState<{ name: string; token: string } | null>(null);
  const [revoking, setRevoking] = useState<PersonalTokenRow | null>(null);
  const shown = (value: { name: string; token: string } | null) => {
    setMade(value);
    onMade(value?.token ?? null);
  };
  return (
    <div className={styles.panel}>
      <h3>Personal access tokens</h3>
      {made ? <NewToken {...made} onDone={() => shown(null)} /> : <MakeTokenForm onMade={shown} />}
      {tokens.error ? (
        <StateBox tone="error" as="p" role="alert">
          {tokens.error.message}
        </StateBox>
      ) : !tokens.data ? (
        <StateBox as="p">Loading tokens…</StateBox>
      ) : tokens.data.tokens.length === 0 ? (
        <StateBox as="p">No tokens yet.</StateBox>
      ) : (
        <ul className={styles.tokens} aria-label="Your tokens">
          {tokens.data.tokens.map((row) => (
            <TokenRow key={row.id} row={row} onRevoke={() => setRevoking(row)} />
          ))}
        </ul>
      )}
      <RevokeDialog row={revoking} onClose={() => setRevoking(null)} />
    </div>
  );
}

function TokenRow({ row, onRevoke }: { row: PersonalTokenRow; onRevoke: () => void }) {
  const expired = row.expires_at !== null && new Date(row.expires_at).getTime() <= Date.now();
  return (
    <li className={styles.token} data-token-id={row.id}>
      <div className={styles.tokenHead}>
        <strong className={styles.tokenName}>{row.name}</strong>
        <span className={styles.scope}>{row.scope}</span>
        {expired ? <span className={styles.expired}>expired</span> : null}
      </div>
      <dl className={styles.facts}>
        <dt>Created</dt>
        <dd>{when(row.created_at, '')}</dd>
        <dt>Expires</dt>
        <dd>{when(row.expires_at, 'Never')}</dd>
        <dt>Last used</dt>
        <dd>{when(row.last_used_at, 'Never')}</dd>
      </dl>
      <Button size="sm" variant="danger" onClick={onRevoke} aria-label={`Revoke ${row.name}`}>
        Revoke
      </Button>
    </li>
  );
}

function MakeTokenForm({ onMade }: { onMade: (made: { name: string; token: string }) => void }) {
  const make = useMakeToken();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<PersonalTokenScope>('read');
  const [expiry, setExpiry] = useState('');
  const ids = { scope: useId(), expiry: useId() };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    make.mutate(
      { name, scope, ...(expiry ? { expires_in_days: Number(expiry) } : {}) },
      {
        onSuccess: (reply) => {
          setName('');
          onMade({ name: reply.name, token: reply.token });
        },
      },
    );
  };
  const error = make.error as ApiError | null;
  return (
    <form className={styles.form} onSubmit={submit} aria-label="Make a token">
      <TextField
        label="Name"
        value={name}
        maxLength={100}
        placeholder="e.g. Phone shortcut"
        onChange={(e) => setName(e.target.value)}
        warning={error?.field === 'name' ? error.message : undefined}
        required
      />
      <div className={styles.fields}>
        <label htmlFor={ids.scope}>Scope</label>
        <select
          id={ids.scope}
          className={styles.select}
          value={scope}
          onChange={(e) => setScope(e.target.value as PersonalTokenScope)}
        >
          {TOKEN_SCOPES.map((s) => (
            <option key={s} value={s}>
              {SCOPE_LABELS[s]}
            </option>
          ))}
        </select>
        <label htmlFor={ids.expiry}>Expiry</label>
        <select
          id={ids.expiry}
          className={styles.select}
          value={expiry}
          onChange={(e) => setExpiry(e.target.value)}
        >
          {EXPIRIES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      {error && error.field !== 'name' ? (
        <p className={styles.error} role="alert">
          {error.message}
        </p>
      ) : null}
      <div>
        <Button type="submit" variant="primary" busy={make.isPending}>
          Make token
        </Button>
      </div>
    </form>
  );
}

/** The token just made: shown this once, with Copy. */
function NewToken({ name, token, onDone }: { name: string; token: string; onDone: () => void }) {
  const copy = useCopyText();
  return (
    <div className={styles.fresh} role="status">
      <p>
        <strong>{name}</strong>: copy the token now. It is not shown again.
      </p>
      <code className={styles.secret} data-testid="new-token">
        {token}
      </code>
      <div className={styles.actions}>
        <Button variant="primary" onClick={() => copy(token)}>
          Copy
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}

function RevokeDialog({ row, onClose }: { row: PersonalTokenRow | null; onClose: () => void }) {
  const revoke = useRevokeToken();
  const confirm = () => {
    if (row) revoke.mutate(row.id, { onSuccess: onClose });
  };
  return (
    <Modal
      open={row !== null}
      onOpenChange={(open) => {
        if (!open) {
          revoke.reset();
          onClose();
        }
      }}
      title="Revoke token?"
      size="sm"
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="danger" onClick={confirm} busy={revoke.isPending}>
            Revoke
          </Button>
        </>
      }
    >
      <p>
        Anything using <strong>{row?.name}</strong> stops working at once. This cannot be undone.
      </p>
      {revoke.error ? (
        <p className={styles.error} role="alert">
          {revoke.error.message}
        </p>
      ) : null}
    </Modal>
  );
}
