import { Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { isSignedIn } from '../../../shared/schemas/values.ts';
import { useForgetPreviousUser } from '../../api/auth.ts';
import { useLiveItems } from '../../api/live.ts';
import { useUserInfo } from '../../api/user-info.ts';
import { FeedbackProvider } from '../feedback/FeedbackProvider.tsx';
import { useInvitationNotices } from '../groups/invitation-notices.ts';
import { GuideProvider } from '../guides/GuideProvider.tsx';
import { KeyboardProvider } from '../keyboard/KeyboardProvider.tsx';
import { UpdateNotice } from '../offline/OfflineBadge.tsx';
import { useOfflineReading } from '../offline/useOfflineReading.ts';
import { Footer } from './Footer.tsx';
import { LoadingOverlay } from './LoadingOverlay.tsx';
import { loadingOverlayVisible, readNameHint, writeNameHint } from './name-hint.ts';
import { PageLoading } from './PageLoading.tsx';
import styles from './Shell.module.css';
import { TopBar } from './TopBar.tsx';

/**
 * Root shell (spec part 1 §2): top bar, page, footer, the floating feedback widget, the guide overlay
 * and a loading overlay. Notifications and the modal root sit above it (main.tsx, index.html).
 */
export function AppShell() {
  const { data: info, status } = useUserInfo();
  const [nameHint] = useState(readNameHint);
  // one live connection for the signed-in app, kept while moving between pages
  useLiveItems(isSignedIn(info) ? info.name : null);
  useForgetPreviousUser(isSignedIn(info) ? info.name : null, status === 'success');
  // group invitations reach the notifications, not only the mail
  useInvitationNotices(isSignedIn(info));
  // the reader's copies kept on the device, and the changes made offline sent when the network returns
  useOfflineReading(isSignedIn(info) ? info.name : null);

  useEffect(() => {
    if (status === 'success') writeNameHint(isSignedIn(info) ? info.name : null);
  }, [status, info]);

  return (
    <FeedbackProvider>
      <GuideProvider>
        <KeyboardProvider username={isSignedIn(info) ? info.name : null}>
          <a href="#main" className={styles.skipLink}>
            Skip to content
          </a>
          <div className={styles.shell}>
            <TopBar info={info} />
            <main id="main" className={styles.main} tabIndex={-1}>
              <Suspense fallback={<PageLoading />}>
                <Outlet />
              </Suspense>
            </main>
            <Footer />
          </div>
        </KeyboardProvider>
        {loadingOverlayVisible(status, nameHint) ? <LoadingOverlay /> : null}
        <UpdateNotice />
      </GuideProvider>
    </FeedbackProvider>
  );
}
