import { RefreshCw, Send, Trash2 } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import {
  BLOG_MESSAGES,
  BLOG_SERVICES,
  type BlogItem,
  type BlogService,
} from '../../../shared/schemas/blogs.ts';
import { addBlog, addPost, deleteBlog, loadBlogs } from '../../api/blogs.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { useNotify } from '../../ui/notifications/NotificationProvider.tsx';
import { TextField } from '../../ui/TextField.tsx';
import styles from './Export.module.css';

/**
 * Publish to blog (spec part 1 §4, §5, §8): the blog list (refresh checks every blog; only valid
 * ones are selectable), 'As draft' and Send, which needs one selected blog; below it a small
 * manager to add and delete blog accounts.
 */
export function BlogPublish(props: {
  open: boolean;
  title: string;
  html: () => string;
  onClose: () => void;
}) {
  const notify = useNotify();
  const [blogs, setBlogs] = useState<BlogItem[]>([]);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [draft, setDraft] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');

  const refresh = useCallback(async () => {
    setStatus('Loading blogs...');
    try {
      const list = await loadBlogs();
      setBlogs(list);
      setSelected((s) => new Set([...s].filter((id) => list.some((b) => b.id === id && b.valid))));
      setStatus('');
    } catch (err) {
      setStatus((err as Error).message);
    }
  }, []);

  useEffect(() => {
    if (props.open) void refresh();
  }, [props.open, refresh]);

  const send = async () => {
    if (selected.size === 0) return setStatus(BLOG_MESSAGES.needOneBlog);
    setBusy(true);
    try {
      const reply = await addPost([...selected], props.title, props.html(), draft);
      notify({ kind: reply.code === 1 ? 'done' : 'error', text: reply.msg });
      if (reply.code === 1) props.onClose();
    } catch {
      notify({ kind: 'error', text: BLOG_MESSAGES.failed });
    } finally {
      setBusy(false);
    }
  };

  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <Modal
      open={props.open}
      onOpenChange={(o) => (o ? undefined : props.onClose())}
      title="Publish to blog"
      footer={
        <>
          <Button icon={<RefreshCw size={14} />} onClick={refresh}>
            Refresh
          </Button>
          <label>
            <input type="checkbox" checked={draft} onChange={(e) => setDraft(e.target.checked)} /> As draft
          </label>
          <Button icon={<Send size={14} />} disabled={busy || selected.size === 0} onClick={send}>
            Send
          </Button>
        </>
      }
    >
      <p className={styles.status} role="status" aria-live="polite">
        {status}
      </p>
      <ul aria-label="Blogs">
        {blogs.map((b) => (
          <li key={b.id}>
            <label>
              <input
                type="checkbox"
                disabled={!b.valid}
                checked={selected.has(b.id)}
                onChange={() => toggle(b.id)}
              />{' '}
              {b.label} ({b.service}){b.valid ? '' : ` — invalid: ${b.check.msg}`}
            </label>{' '}
            <Button
              icon={<Trash2 size={14} />}
              aria-label={`Delete ${b.label}`}
              onClick={async () => {
                await deleteBlog(b.id).catch(() => undefined);
                void refresh();
              }}
            >
              Delete
            </Button>
          </li>
        ))}
      </ul>
      <AddBlogForm onAdded={refresh} />
    </Modal>
  );
}

function AddBlogForm(props: { onAdded: () => void }) {
  const [f, setF] = useState({
    service: 'wordpress' as BlogService,
    label: '',
    url: '',
    end_point: '',
    b_u_name: '',
    b_password: '',
  });
  const [error, setError] = useState('');
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) =>
    setF({ ...f, [k]: e.target.value });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await addBlog(f);
      setF({ ...f, label: '', url: '', end_point: '', b_u_name: '', b_password: '' });
      setError('');
      props.onAdded();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <form onSubmit={submit} aria-label="Add a blog">
      <label>
        Service{' '}
        <select value={f.service} onChange={set('service')}>
          {BLOG_SERVICES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </label>
      <TextField label="Label" value={f.label} onChange={set('label')} />
      <TextField label="Blog URL" value={f.url} onChange={set('url')} />
      <TextField label="API end point" value={f.end_point} onChange={set('end_point')} />
      <TextField label="User name" value={f.b_u_name} onChange={set('b_u_name')} />
      <TextField label="Password" type="password" value={f.b_password} onChange={set('b_password')} />
      {error ? <p role="alert">{error}</p> : null}
      <Button type="submit">Add blog</Button>
    </form>
  );
}
