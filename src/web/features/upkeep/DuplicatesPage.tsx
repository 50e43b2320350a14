import { Copy, Merge } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { isSignedIn } from '../../../shared/schemas/values.ts';
import { ApiError } from '../../api/client.ts';
import { useDuplicates, useMergeDuplicates } from '../../api/duplicates.ts';
import { useUserInfo } from '../../api/user-info.ts';
import { links } from '../../lib/links.ts';
import { Button } from '../../ui/Button.tsx';
import { useNotify } from '../../ui/notifications/NotificationProvider.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { StateBox } from '../../ui/StateBox.tsx';
import { StepPager } from '../../ui/StepPager.tsx';
import { itemDate } from '../library/dates.ts';
import { upkeepText } from './messages.ts';
import styles from './Upkeep.module.css';

const PAGE = 20;

/** /duplicates: the same page saved more than once; pick the one to keep and merge (issue 33). */
export function DuplicatesPage() {
  const { data: info } = useUserInfo();
  const me = isSignedIn(info) ? info : null;
  const notify = useNotify();
  const [page, setPage] = useState(1);
  const list = useDuplicates(page);
  const merge = useMergeDuplicates();
  // the item each group keeps: the oldest unless chosen
  const [kept, setKept] = useState<Record<string, number>>({});

  if (info && !me) {
    return (
      <div className={styles.page}>
        <PageHeader title={upkeepText.duplicatesTitle} documentTitle={upkeepText.duplicatesTitle} />
        <StateBox>
          <p>
            <Link to="/sign-in">Sign in</Link> to see your duplicates.
          </p>
        </StateBox>
      </div>
    );
  }
  const groups = list.data?.groups ?? [];
  const total = list.data?.total ?? 0;
  return (
    <div className={styles.page}>
      <PageHeader title={upkeepText.duplicatesTitle} documentTitle={upkeepText.duplicatesTitle} />
      <p className={styles.intro}>{upkeepText.duplicatesIntro}</p>
      {list.isError ? (
        <StateBox role="alert" tone="error">
          <p>{upkeepText.loadFailed}</p>
        </StateBox>
      ) : list.isPending ? (
        <StateBox role="status">
          <p>{upkeepText.loading}</p>
        </StateBox>
      ) : groups.length === 0 ? (
        <StateBox icon={<Copy size={22} />}>
          <p>{upkeepText.duplicatesEmpty}</p>
        </StateBox>
      ) : (
        groups.map((group) => {
          const keep = kept[group.url_key] ?? group.items[0]!.link_id;
          const others = group.items.filter((i) => i.link_id !== keep).map((i) => i.link_id);
          return (
            <section key={group.url_key} className={styles.group} aria-label={group.url_key}>
              <h2 className={styles.groupTitle}>{group.url_key}</h2>
              <fieldset className={styles.list}>
                <legend className="visually-hidden">{upkeepText.keepThis}</legend>
                {group.items.map((item) => (
                  <div key={item.link_id} className={styles.row}>
                    <label className={styles.keep}>
                      <input
                        type="radio"
                        name={`keep-${group.url_key}`}
                        checked={keep === item.link_id}
                        onChange={() => setKept({ ...kept, [group.url_key]: item.link_id })}
                      />
                      <span className="visually-hidden">{upkeepText.keepThis}</span>
                    </label>
                    <div className={styles.rowMain}>
                      <Link className={styles.rowTitle} to={links.item(me?.name ?? '', item.link_id)}>
                        {item.title || item.url}
                      </Link>
                      <span className={styles.rowMeta}>
                        {item.url} · {itemDate(item.created_at)} · {item.annotation_count} highlight(s)
                        {item.t_name ? ` · ${item.t_name}` : ''}
                      </span>
                    </div>
                  </div>
                ))}
              </fieldset>
              <p className={styles.intro}>{upkeepText.mergeHint}</p>
              <Button
                size="sm"
                variant="primary"
                icon={<Merge size={14} />}
                busy={merge.isPending && merge.variables?.keep === keep}
                onClick={() =>
                  merge.mutate(
                    { keep, merge: others },
                    {
                      onSuccess: (r) => notify({ kind: 'done', text: upkeepText.merged(r.merged.length) }),
                      onError: (error) =>
                        notify({
                          kind: 'error',
                          text:
                            error instanceof ApiError && error.message ? error.message : upkeepText.failed,
                        }),
                    },
                  )
                }
              >
                {upkeepText.merge}
              </Button>
            </section>
          );
        })
      )}
      <StepPager page={page} pageCount={Math.ceil(total / PAGE)} onPage={setPage} />
    </div>
  );
}
