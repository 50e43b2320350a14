import { MessageSquare } from 'lucide-react';
import type { ButtonHTMLAttributes, Ref } from 'react';
import styles from './Feedback.module.css';

/** The floating Feedback button: the popover's trigger, and its stand-in until the form has loaded. */
export function FeedbackLauncher(
  props: ButtonHTMLAttributes<HTMLButtonElement> & { ref?: Ref<HTMLButtonElement> },
) {
  return (
    <button type="button" className={styles.launcher} aria-label="Feedback" {...props}>
      <MessageSquare size={18} aria-hidden="true" />
      <span className={styles.launcherText}>Feedback</span>
    </button>
  );
}
