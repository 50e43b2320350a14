import { Flame, Settings2 } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { isSignedIn } from '../../../shared/schemas/user-info.ts';
import { useReviewToday } from '../../api/review.ts';
import { useUserInfo } from '../../api/user-info.ts';
import { Button } from '../../ui/Button.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { StateBox } from '../../ui/StateBox.tsx';
import styles from './Review.module.css';
import { ReviewPreferences } from './ReviewPreferences.tsx';
import { ReviewSession } from './ReviewSession.tsx';

/**
 * Daily Review (/review): a few highlights a day, chosen by FSRS, answered Again / Hard / Good /
 * Easy (keys 1-4). The day's cards are read once; the session works through that list.
 */
export function ReviewPage() {
  const { data: info } = useUserInfo();
  const today = useReviewToday();
  const [search] = useSearchParams();
  // Settings > Email Subscriptions links here with the preferences open
  const [preferences, setPreferences] = useState(search.get('preferences') === '1');
  const signedIn = isSignedIn(info);
  const data = today.data;

  return (
    <div className={styles.page}>
      <PageHeader
        title="Daily Review"
        description={
          data ? (
            <span className={styles.stats}>
              <span>
                <Flame size={14} aria-hidden="true" /> {data.streak} day{data.streak === 1 ? '' : 's'} streak
              </span>
              <span>{data.done_today} reviewed today</span>
            </span>
          ) : (
            'Highlights from everything you read, back when you are about to forget them.'
          )
        }
        actions={
          signedIn ? (
            <Button icon={<Settings2 size={16} aria-hidden="true" />} onClick={() => setPreferences(true)}>
              Preferences
            </Button>
          ) : null
        }
      />
      {today.isPending ? (
        <StateBox role="status">
          <Spinner size={18} />
          <p>Loading today's highlights...</p>
        </StateBox>
      ) : today.isError || !data ? (
        <StateBox role="alert">
          <p>{today.error?.message ?? 'The review could not be loaded.'}</p>
          <Button onClick={() => today.refetch()}>Try again</Button>
        </StateBox>
      ) : (
        <ReviewSession key={today.dataUpdatedAt} today={data} username={signedIn ? info.name : ''} />
      )}
      <ReviewPreferences open={preferences} onClose={() => setPreferences(false)} />
    </div>
  );
}
