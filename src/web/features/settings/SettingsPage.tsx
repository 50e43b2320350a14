import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { UserSettingReply } from '../../../shared/schemas/settings.ts';
import { useSettingsOperation, useUserSettings } from '../../api/settings.ts';
import { Button } from '../../ui/Button.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { StateBox } from '../../ui/StateBox.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { AccountSection } from './AccountSection.tsx';
import { ConnectionsSection } from './ConnectionsSection.tsx';
import { GiftSection, PremiumSection } from './PremiumSection.tsx';
import { ProfileSection, Status } from './ProfileSection.tsx';
import { SessionsSection } from './SessionsSection.tsx';
import styles from './Settings.module.css';

/**
 * /setting (part 2 §2): Profile, Connections, Account, Email Subscriptions (not for free or team
 * members), Preferences, Outliner, Gift (with gifts), Affiliate (with an affiliate), Premium,
 * Delete Account.
 */
export function SettingsPage() {
  const settings = useUserSettings();
  const [search] = useSearchParams();
  const verified = search.get('email_verified');
  const s = settings.data;
  return (
    <div className={styles.page}>
      <PageHeader title="Settings" documentTitle="Settings" />
      {verified === '1' ? <p role="status">Your e-mail address has been verified.</p> : null}
      {verified === '0' ? <p role="alert">This link is no longer valid. Please ask for a new one.</p> : null}
      {!s ? (
        <StateBox>{settings.error ? settings.error.message : 'Loading…'}</StateBox>
      ) : (
        <>
          <ProfileSection s={s} />
          <ConnectionsSection s={s} />
          <AccountSection s={s} />
          <SessionsSection />
          {s.acctType !== 'free' && !s.teamMember ? <EmailSubscriptions s={s} /> : null}
          <Preferences s={s} />
          <OutlinerSection s={s} />
          {s.premium.giftCount > 0 ? <GiftSection s={s} /> : null}
          {s.affiliate ? (
            <section className={styles.section} aria-labelledby="affiliate-h">
              <h2 id="affiliate-h">Affiliate</h2>
              <dl className={styles.facts}>
                <dt>Your link</dt>
                <dd>{s.affiliate.link}</dd>
                <dt>Total earnings</dt>
                <dd>${s.affiliate.total.toFixed(2)}</dd>
                <dt>Available</dt>
                <dd>${s.affiliate.available.toFixed(2)}</dd>
              </dl>
              <p className={styles.row}>
                <Link to="/affiliate/console">Affiliate console</Link>
              </p>
            </section>
          ) : null}
          <PremiumSection s={s} />
          <DeleteAccount s={s} />
        </>
      )}
    </div>
  );
}

function Toggle({ label, operation, checked }: { label: string; operation: string; checked: boolean }) {
  const op = useSettingsOperation(operation);
  return (
    <>
      <label className={styles.toggle}>
        <input
          type="checkbox"
          checked={checked}
          disabled={op.isPending}
          onChange={(e) => op.mutate({ value: e.target.checked })}
        />
        {label}
      </label>
      {op.error ? <p className={styles.error}>{op.error.message}</p> : null}
    </>
  );
}

function EmailSubscriptions({ s }: { s: UserSettingReply }) {
  return (
    <section className={styles.section} aria-labelledby="subs-h">
      <h2 id="subs-h">Email Subscriptions</h2>
      <Toggle
        label="Newsletters (at most once a month)"
        operation="setNewslettersNotif"
        checked={s.notification.newletter}
      />
      <Toggle
        label="Important news and alerts only"
        operation="setImportantAndAlertOnlyNotif"
        checked={s.notification.importantNewsAndAlertOnly}
      />
      <Toggle
        label="When a contact joins"
        operation="setNotifyWhenJoin"
        checked={s.notification.whenContactJoin}
      />
    </section>
  );
}

function Preferences({ s }: { s: UserSettingReply }) {
  return (
    <section className={styles.section} aria-labelledby="prefs-h">
      <h2 id="prefs-h">Preferences</h2>
      {s.premium.isPremium ? (
        <>
          <Toggle
            label="Open bookmarks in the reader view"
            operation="setOpenTextView"
            checked={s.openTextView}
          />
          <Toggle label="Private RSS feed" operation="setRssFeed" checked={s.privateRssFeed} />
        </>
      ) : (
        <p>
          Reader view by default and a private RSS feed come with premium.{' '}
          <Link to="/premium?f=setting">Go premium</Link>
        </p>
      )}
      <Toggle
        label="Notify me when someone follows me"
        operation="setNotifyWhenFollow"
        checked={s.notification.whenFollow}
      />
      <Toggle label="Ask me before someone follows me" operation="setFollowAuth" checked={s.followAuth} />
      <p className={styles.toggle}>Language: English</p>
    </section>
  );
}

function OutlinerSection({ s }: { s: UserSettingReply }) {
  const op = useSettingsOperation('setOutlinerSettings');
  const set = (body: object) => op.mutate(body);
  return (
    <section className={styles.section} aria-labelledby="outliner-h">
      <h2 id="outliner-h">Outliner</h2>
      <label className={styles.toggle}>
        <input
          type="checkbox"
          checked={s.outliner.quota}
          onChange={(e) => set({ quota: e.target.checked })}
        />
        Show the outliner quota
      </label>
      <label className={styles.toggle}>
        <input
          type="checkbox"
          checked={s.outliner.sourceLink}
          onChange={(e) => set({ source_link: e.target.checked })}
        />
        Highlights added to an outliner link back to their source
      </label>
      {op.error ? <p className={styles.error}>Outliner settings update failed.</p> : null}
    </section>
  );
}

function DeleteAccount({ s }: { s: UserSettingReply }) {
  const del = useSettingsOperation('deleteUser');
  const [password, setPassword] = useState('');
  const reply = del.data;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    del.mutate(
      { password },
      {
        onSuccess: (r) => {
          if (r.code === 1) setTimeout(() => window.location.assign('/'), 3000);
        },
      },
    );
  };
  return (
    <section className={`${styles.section} ${styles.danger}`} aria-labelledby="delete-h">
      <h2 id="delete-h">Delete Account</h2>
      <p className={styles.muted}>Everything in your library is removed for good.</p>
      <form className={styles.form} onSubmit={submit}>
        {s.hidePassword ? null : (
          <TextField
            label="Password"
            name="deletePassword"
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            warning={reply?.code === 0 ? reply.message : undefined}
          />
        )}
        <Button type="submit" variant="danger" busy={del.isPending}>
          Delete my account
        </Button>
        {reply && reply.code !== 0 ? (
          <p
            className={reply.code === 1 ? styles.ok : styles.error}
            role={reply.code === 1 ? 'status' : 'alert'}
          >
            {reply.message}
          </p>
        ) : null}
        {del.error ? <Status m={del} /> : null}
      </form>
    </section>
  );
}
