import { useEffect, useId, useState } from 'react';
import { useGroups } from '../../api/groups.ts';
import { useOutliners } from '../../api/outliners.ts';
import { useApplyRule, useCreateRule, useDeleteRule, useRules, useRuleTry } from '../../api/rules.ts';
import { Button } from '../../ui/Button.tsx';
import { useNotify } from '../../ui/notifications/NotificationProvider.tsx';
import { StateBox } from '../../ui/StateBox.tsx';
import {
  ACTION_LABELS,
  type ActionDraft,
  type ActionType,
  actionOf,
  describeAction,
  newDraft,
} from './actions.ts';
import styles from './Rules.module.css';

/** What the search field holds as the call's query: a query string as it is, else a library search. */
export const queryOf = (text: string) => {
  const v = text.trim();
  return v.includes('=') ? v.replace(/^.*\?/, '') : v ? `what=${encodeURIComponent(v)}` : '';
};

/** The dry run waits for the typing to settle. */
const TRY_DELAY_MS = 400;

/**
 * Settings > Rules: "when an item is saved or imported and matches a search, then ...": the user's
 * rules (apply now, delete) and the form that makes one, with the count the search matches today.
 */
export function RulesSection() {
  const rules = useRules();
  const outliners = useOutliners({});
  const groups = useGroups();
  const apply = useApplyRule();
  const remove = useDeleteRule();
  const notify = useNotify();
  const names = {
    outliners: new Map((outliners.data ?? []).map((o) => [o.outliner_id, o.title])),
    groups: new Map((groups.data ?? []).map((g) => [g.group_id, g.displayName])),
  };
  return (
    <>
      {rules.isPending ? (
        <StateBox role="status">Loading...</StateBox>
      ) : rules.isError ? (
        <StateBox role="alert">{rules.error.message}</StateBox>
      ) : rules.data.rules.length === 0 ? (
        <p className={styles.muted}>
          No rules yet. A rule tags, stars or files new items that match a search.
        </p>
      ) : (
        <ul className={styles.list} aria-label="Your rules">
          {rules.data.rules.map((r) => (
            <li key={r.id} className={styles.rule}>
              <span className={styles.ruleText}>
                <span className={styles.ruleName}>{r.name}</span>{' '}
                <span className={styles.muted}>
                  when {r.query || 'any item'} is saved:{' '}
                  {r.actions.map((a) => describeAction(a, names)).join('; ')}
                </span>
              </span>
              <Button
                size="sm"
                busy={apply.isPending && apply.variables === r.id}
                onClick={() =>
                  apply.mutate(r.id, {
                    onSuccess: ({ matched }) =>
                      notify({
                        kind: 'done',
                        text: `${r.name} applied to ${matched} item${matched === 1 ? '' : 's'}.`,
                      }),
                    onError: (err) => notify({ kind: 'error', text: err.message }),
                  })
                }
              >
                Apply now
              </Button>
              <Button
                size="sm"
                variant="danger"
                aria-label={`Delete rule ${r.name}`}
                onClick={() =>
                  remove.mutate(r.id, { onError: (err) => notify({ kind: 'error', text: err.message }) })
                }
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
      <RuleForm outliners={[...names.outliners]} groups={[...names.groups]} />
    </>
  );
}

function RuleForm(props: { outliners: [number, string][]; groups: [number, string][] }) {
  const id = useId();
  const create = useCreateRule();
  const notify = useNotify();
  const [name, setName] = useState('');
  const [search, setSearch] = useState('');
  const [drafts, setDrafts] = useState<ActionDraft[]>([newDraft()]);
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSettled(queryOf(search)), TRY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const tried = useRuleTry(settled, search.trim() !== '' && settled === queryOf(search));
  const patch = (i: number, change: Partial<ActionDraft>) =>
    setDrafts((all) => all.map((d, k) => (k === i ? { ...d, ...change } : d)));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, query: queryOf(search), actions: drafts.map(actionOf) as never },
      {
        onSuccess: (rule) => {
          notify({ kind: 'done', text: `Rule ${rule.name} made.` });
          setName('');
          setSearch('');
          setDrafts([newDraft()]);
        },
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} aria-label="New rule">
      <h3>New rule</h3>
      <label className={styles.field}>
        Name
        <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} />
      </label>
      <label className={styles.field}>
        When a saved or imported item matches the search
        <input
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="#news, site:example.com, or a library query such as what=%23news&unread=yes"
        />
      </label>
      <p className={styles.muted} role="status" aria-live="polite">
        {tried.data
          ? `This would have matched ${tried.data.matched} item${tried.data.matched === 1 ? '' : 's'} of your library.`
          : tried.error
            ? tried.error.message
            : ''}
      </p>
      {drafts.map((d, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the drafts are edited in place
        <fieldset key={i} className={styles.action}>
          <legend className="visually-hidden">Action {i + 1}</legend>
          <label className={styles.field}>
            Then
            <select
              aria-label={`Action ${i + 1}`}
              value={d.type}
              onChange={(e) => patch(i, { type: e.target.value as ActionType })}
            >
              {Object.entries(ACTION_LABELS).map(([type, label]) => (
                <option key={type} value={type}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          {d.type === 'add_tags' || d.type === 'remove_tags' ? (
            <label className={styles.field}>
              Tags
              <input
                value={d.tags}
                onChange={(e) => patch(i, { tags: e.target.value })}
                placeholder="read-later, news"
              />
            </label>
          ) : null}
          {d.type === 'set_private' ? (
            <label className={styles.field}>
              Privacy
              <select value={d.privacy} onChange={(e) => patch(i, { privacy: e.target.value as '0' | '1' })}>
                <option value="1">Private</option>
                <option value="0">Public</option>
              </select>
            </label>
          ) : null}
          {d.type === 'add_to_outliner' ? (
            <label className={styles.field}>
              Outliner
              <select value={d.outlinerId} onChange={(e) => patch(i, { outlinerId: e.target.value })}>
                <option value="">Choose…</option>
                {props.outliners.map(([oid, title]) => (
                  <option key={oid} value={oid}>
                    {title}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          {d.type === 'share_to_group' ? (
            <label className={styles.field}>
              Group
              <select value={d.groupId} onChange={(e) => patch(i, { groupId: e.target.value })}>
                <option value="">Choose…</option>
                {props.groups.map(([gid, title]) => (
                  <option key={gid} value={gid}>
                    {title}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          {d.type === 'webhook' ? (
            <label className={styles.field}>
              Address
              <input
                type="url"
                value={d.url}
                onChange={(e) => patch(i, { url: e.target.value })}
                placeholder="https://"
              />
            </label>
          ) : null}
          {drafts.length > 1 ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => setDrafts((all) => all.filter((_, k) => k !== i))}
            >
              Remove action {i + 1}
            </Button>
          ) : null}
        </fieldset>
      ))}
      <div className={styles.row}>
        <Button size="sm" variant="ghost" onClick={() => setDrafts((all) => [...all, newDraft()])}>
          Add an action
        </Button>
        <Button type="submit" variant="primary" busy={create.isPending} id={`${id}-save`}>
          Make rule
        </Button>
      </div>
      {create.error ? (
        <p className={styles.error} role="alert">
          {create.error.message}
        </p>
      ) : null}
    </form>
  );
}
