import { Plus, Search, Users } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { StateBox } from '../../ui/StateBox.tsx';
import styles from './Groups.module.css';

/** My Groups (spec part 1 §2): a search box and an add button; the list itself is a stub for now. */
export function GroupsPage() {
  const [query, setQuery] = useState('');
  const [adding, setAdding] = useState(false);

  return (
    <>
      <PageHeader
        title="My Groups"
        actions={
          <Button
            variant="primary"
            icon={<Plus size={16} aria-hidden="true" />}
            onClick={() => setAdding(true)}
          >
            Add group
          </Button>
        }
      />
      <search className={styles.search}>
        <Search size={16} className={styles.searchIcon} aria-hidden="true" />
        <input
          type="search"
          className={styles.searchInput}
          placeholder="Search groups"
          aria-label="Search groups"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </search>
      <ul className={styles.list} aria-label="Groups" />
      <StateBox icon={<Users size={28} aria-hidden="true" />} className={styles.empty}>
        <p>{query.trim() ? `No group matches “${query.trim()}”.` : 'You have not joined any group yet.'}</p>
      </StateBox>
      <Modal
        open={adding}
        onOpenChange={setAdding}
        title="Add a group"
        size="sm"
        footer={
          <Button variant="primary" onClick={() => setAdding(false)}>
            OK
          </Button>
        }
      >
        <p>Creating and joining groups is not available yet.</p>
      </Modal>
    </>
  );
}
