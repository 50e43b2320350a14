import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type SettingFlagName, settingsCalls } from '../../../shared/api/settings.ts';
import { LANGUAGES, type UserSettingReply } from '../../../shared/schemas/settings.ts';
import { useSettingsOperation, useUserSettings } from '../../api/settings.ts';
import { rememberLanguage, t } from '../../i18n/index.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { StateBox } from '../../ui/StateBox.tsx';
import { DeveloperSection } from '../developer/DeveloperSection.tsx';
import { ImportPanel } from '../import/ImportPanel.tsx';
import { RulesSection } from '../rules/RulesSection.tsx';
import { AccountSection } from './AccountSection.tsx';
import { ConnectionsSection } from './ConnectionsSection.tsx';
import { DeleteAccount } from './DeleteAccount.tsx';
import { GiftSection, PremiumSection } from './PremiumSection.tsx';
import { ProfileSection } from './ProfileSection.tsx';
import { SessionsSection } from './SessionsSection.tsx';
import styles from './Settings.module.css';
import { TwoFactorSection } from './TwoFactorSection.tsx';

/**
 * /setting (part 2 §2): Profile, Connections, Account, Email Subscriptions (not for free or team
 * members), Preferences, Outliner, Import, Developer (tokens, assistants), Gift (with gifts), Affiliate (with an affiliate), Premium,
 * Delete Account.
 */
export function SettingsPage() {
  const settings = useUserSettings();
  const [search] = useSearchParams();
  const verified = search.get('email_verified');
  const s = settings.data;
  return (
    <div className={styles.page}>
      <PageHeader title={t('settings.title')} documentTitle={t('settings.title')} />
      {verified === '1' ? <p role="status">{t('settings.emailVerified')}</p> : null}
      {verified === '0' ? <p role="alert">{t('settings.linkInvalid')}</p> : null}
      {!s ? (
        <StateBox>{settings.error ? settings.error.message : t('settings.loading')}</StateBox>
      ) : (
        <>
          <ProfileSection s={s} />
          <ConnectionsSection s={s} />
          <AccountSection s={s} />
          <TwoFactorSection hidePassword={s.hidePassword} />
          <SessionsSection />
          {s.acctType !== 'free' && !s.teamMember ? <EmailSubscriptions s={s} /> : null}
          <Preferences s={s} />
          <OutlinerSection s={s} />
          <section className={styles.section} aria-labelledby="import-h" id="import">
            <h2 id="import-h">{t('settings.import')}</h2>
            <ImportPanel />
          </section>
          <DeveloperSection />
          <section className={styles.section} aria-labelledby="rules-h" id="rules">
            <h2 id="rules-h">Rules</h2>
            <RulesSection />
          </section>
          {s.premium.giftCount > 0 ? <GiftSection s={s} /> : null}
          {s.affiliate ? (
            <section className={styles.section} aria-labelledby="affiliate-h">
              <h2 id="affiliate-h">{t('settings.affiliate')}</h2>
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

function Toggle({
  label,
  operation,
  checked,
}: {
  label: string;
  operation: (typeof settingsCalls)[SettingFlagName | 'setOpenTextView'];
  checked: boolean;
}) {
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
      <h2 id="subs-h">{t('settings.subscriptions')}</h2>
      <Toggle
        label={t('settings.newsletters')}
        operation={settingsCalls.setNewslettersNotif}
        checked={s.notification.newletter}
      />
      <Toggle
        label={t('settings.importantOnly')}
        operation={settingsCalls.setImportantAndAlertOnlyNotif}
        checked={s.notification.importantNewsAndAlertOnly}
      />
      <Toggle
        label={t('settings.whenContactJoins')}
        operation={settingsCalls.setNotifyWhenJoin}
        checked={s.notification.whenContactJoin}
      />
      <p>
        <Link to="/review?preferences=1">Daily Review digest</Link>: your highlights to review, mailed daily
        or weekly at the hour you choose.
      </p>
    </section>
  );
}

function Preferences({ s }: { s: UserSettingReply }) {
  return (
    <section className={styles.section} aria-labelledby="prefs-h">
      <h2 id="prefs-h">{t('settings.preferences')}</h2>
      {s.premium.isPremium ? (
        <>
          <Toggle
            label={t('settings.openTextView')}
            operation={settingsCalls.setOpenTextView}
            checked={s.openTextView}
          />
          <Toggle
            label={t('settings.rssFeed')}
            operation={settingsCalls.setRssFeed}
            checked={s.privateRssFeed}
          />
        </>
      ) : (
        <p>
          {t('settings.premiumPreferences')} <Link to="/premium?f=setting">{t('settings.goPremium')}</Link>
        </p>
      )}
      <Toggle
        label={t('settings.notifyFollow')}
        operation={settingsCalls.setNotifyWhenFollow}
        checked={s.notification.whenFollow}
      />
      <Toggle
        label={t('settings.followAuth')}
        operation={settingsCalls.setFollowAuth}
        checked={s.followAuth}
      />
      <LanguageChoice current={s.language} />
    </section>
  );
}

function OutlinerSection({ s }: { s: UserSettingReply }) {
  const op = useSettingsOperation(settingsCalls.setOutlinerSettings);
  const set = (body: Parameters<typeof op.mutate>[0]) => op.mutate(body);
  return (
    <section className={styles.section} aria-labelledby="outliner-h">
      <h2 id="outliner-h">{t('settings.outliner')}</h2>
      <label className={styles.toggle}>
        <input
          type="checkbox"
          checked={s.outliner.quota}
          onChange={(e) => set({ quota: e.target.checked })}
        />
        {t('settings.outlinerQuota')}
      </label>
      <label className={styles.toggle}>
        <input
          type="checkbox"
          checked={s.outliner.sourceLink}
          onChange={(e) => set({ source_link: e.target.checked })}
        />
        {t('settings.outlinerSourceLink')}
      </label>
      {op.error ? <p className={styles.error}>{t('settings.outlinerFailed')}</p> : null}
    </section>
  );
}

/** The names of the languages, each in its own language. */
const LANGUAGE_NAMES: Record<(typeof LANGUAGES)[number], string> = { en: 'English' };

/**
 * The language preference (setLanguage): kept in the account and remembered in this browser; a
 * page drawn in another language is loaded again so every string is read from the new catalogue.
 */
function LanguageChoice({ current }: { current: UserSettingReply['language'] }) {
  const op = useSettingsOperation(settingsCalls.setLanguage);
  useEffect(() => {
    if (rememberLanguage(current)) window.location.reload();
  }, [current]);
  return (
    <>
      <label className={styles.toggle}>
        {t('settings.language')}
        <select
          className={styles.select}
          value={current}
          disabled={op.isPending}
          onChange={(e) => op.mutate({ language: e.target.value as (typeof LANGUAGES)[number] })}
        >
          {LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {LANGUAGE_NAMES[code]}
            </option>
          ))}
        </select>
      </label>
      {op.error ? <p className={styles.error}>{op.error.message}</p> : null}
    </>
  );
}
