import { useGroups } from '../../../api/groups.ts';
import { useOutliners } from '../../../api/outliners.ts';
import styles from '../Forms.module.css';

/** The outliners a saved bookmark is added to and the groups it is shared to, by id. */
export interface SaveTargets {
  lists: number[];
  groups: number[];
}

export const NO_SAVE_TARGETS: SaveTargets = { lists: [], groups: [] };

/** As the save payload carries them (spec part 1 §3): comma-joined ids, '' for none. */
export function saveTargetsPayload(targets: SaveTargets): { lists: string; groups: string } {
  return { lists: targets.lists.join(','), groups: targets.groups.join(',') };
}

const toggled = (ids: number[], id: number, on: boolean) =>
  on ? [...ids.filter((i) => i !== id), id] : ids.filter((i) => i !== id);

/**
 * Add to outliners and Share to groups in the Add bookmark form: the user's own outliners and the
 * groups they belong to; a part the user has none of is left out.
 */
export function SaveTargetsFields(props: { value: SaveTargets; onChange: (next: SaveTargets) => void }) {
  const { value, onChange } = props;
  const outliners = useOutliners({}).data ?? [];
  const groups = useGroups().data ?? [];
  return (
    <>
      {outliners.length ? (
        <fieldset className={styles.targets}>
          <legend className={styles.fieldLabel}>Add to outliners</legend>
          {outliners.map((o) => (
            <label key={o.id} className={styles.check}>
              <input
                type="checkbox"
                checked={value.lists.includes(o.id)}
                onChange={(e) => onChange({ ...value, lists: toggled(value.lists, o.id, e.target.checked) })}
              />
              {o.title}
            </label>
          ))}
        </fieldset>
      ) : null}
      {groups.length ? (
        <fieldset className={styles.targets}>
          <legend className={styles.fieldLabel}>Share to groups</legend>
          {groups.map((g) => (
            <label key={g.group_id} className={styles.check}>
              <input
                type="checkbox"
                checked={value.groups.includes(g.group_id)}
                onChange={(e) =>
                  onChange({ ...value, groups: toggled(value.groups, g.group_id, e.target.checked) })
                }
              />
              {g.displayName || g.g_name}
            </label>
          ))}
        </fieldset>
      ) : null}
    </>
  );
}
