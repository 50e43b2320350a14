import { type ComponentType, lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { AppShell } from './features/shell/AppShell.tsx';

/**
 * Each page is its own chunk, loaded when its route first renders (AppShell holds the Suspense
 * boundary): the sign-in page does not download the library, nor the library the reader.
 */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  const Page: ComponentType = lazy(() =>
    load().then((module): { default: ComponentType } => ({ default: module[name] })),
  );
  return <Page />;
}

const site = () => import('./features/site/SitePage.tsx');
const notFound = page(() => import('./features/errors/NotFoundPage.tsx'), 'NotFoundPage');
const passwordReset = () => import('./features/auth/PasswordResetPages.tsx');
const outliners = () => import('./features/outliners/pages.ts');
const premium = () => import('./features/premium/pages.ts');
const upkeep = () => import('./features/upkeep/pages.ts');

/** Page routes of the spec; the server answers the same paths with index.html (src/shared/pages.ts). */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      { path: '/', element: page(() => import('./features/home/HomePage.tsx'), 'HomePage') },
      { path: '/sign-in', element: page(() => import('./features/auth/SignInPage.tsx'), 'SignInPage') },
      { path: '/sign-up', element: page(() => import('./features/auth/SignUpPage.tsx'), 'SignUpPage') },
      {
        path: '/tutorial',
        element: page(() => import('./features/tutorial/TutorialPage.tsx'), 'TutorialPage'),
      },
      {
        path: '/user/:name/b/:linkId',
        element: page(() => import('./features/item/ItemPage.tsx'), 'ItemPage'),
      },
      { path: '/user/:name/b/*', element: notFound },
      // an export saved as a note (issue 18) opens like any item
      {
        path: '/user/:name/d/:linkId',
        element: page(() => import('./features/item/ItemPage.tsx'), 'ItemPage'),
      },
      { path: '/user/:name/d/*', element: notFound },
      { path: '/user/:name/tags', element: page(() => import('./features/tags/TagsPage.tsx'), 'TagsPage') },
      {
        path: '/user/:name/*',
        element: page(() => import('./features/library/LibraryPage.tsx'), 'LibraryPage'),
      },
      { path: '/outliners', element: page(outliners, 'OutlinersPage') },
      { path: '/review', element: page(() => import('./features/review/ReviewPage.tsx'), 'ReviewPage') },
      { path: '/trash', element: page(upkeep, 'TrashPage') },
      { path: '/duplicates', element: page(upkeep, 'DuplicatesPage') },
      { path: '/o/:code/*', element: page(outliners, 'OutlinerPage') },
      { path: '/outliner_shared/:shareKey', element: page(outliners, 'SharedOutlinerPage') },
      {
        path: '/s/:key',
        element: page(() => import('./features/sharing/SharedItemPage.tsx'), 'SharedItemPage'),
      },
      { path: '/outliner_sidebar', element: page(outliners, 'OutlinerSidebarPage') },
      {
        path: '/profile/:name/*',
        element: page(() => import('./features/profile/ProfilePage.tsx'), 'ProfilePage'),
      },
      { path: '/premium', element: page(premium, 'PremiumPage') },
      { path: '/premium/pay', element: page(premium, 'PayPage') },
      { path: '/premium/upgrade', element: page(premium, 'UpgradePage') },
      { path: '/premium/resubscribe', element: page(premium, 'ResubscribePage') },
      { path: '/premium/thanksgiving', element: page(premium, 'ThanksgivingPage') },
      { path: '/premium/gift', element: page(premium, 'GiftPage') },
      { path: '/affiliate/console', element: page(premium, 'AffiliateConsolePage') },
      {
        path: '/setting',
        element: page(() => import('./features/settings/SettingsPage.tsx'), 'SettingsPage'),
      },
      {
        path: '/account/connected',
        element: page(() => import('./features/settings/ConnectedPage.tsx'), 'ConnectedPage'),
      },
      { path: '/forgot-password', element: page(passwordReset, 'ForgotPasswordPage') },
      { path: '/reset-password', element: page(passwordReset, 'ResetPasswordPage') },
      { path: '/groups', element: page(() => import('./features/groups/GroupsPage.tsx'), 'GroupsPage') },
      {
        path: '/groups/accept',
        element: page(() => import('./features/groups/AcceptInvitePage.tsx'), 'AcceptInvitePage'),
      },
      { path: '/group/:gName', element: page(() => import('./features/groups/GroupPage.tsx'), 'GroupPage') },
      {
        path: '/group/:gName/item/:itemId',
        element: page(() => import('./features/groups/GroupReaderPage.tsx'), 'GroupReaderPage'),
      },
      {
        path: '/extension',
        element: page(() => import('./features/extension/InstallPage.tsx'), 'InstallPage'),
      },
      {
        path: '/extension/connect',
        element: page(() => import('./features/extension/ConnectPage.tsx'), 'ConnectPage'),
      },
      { path: '/about', element: page(site, 'AboutPage') },
      { path: '/terms', element: page(site, 'TermsPage') },
      { path: '/privacy', element: page(site, 'PrivacyPage') },
      { path: '/blog', element: page(site, 'BlogPage') },
      { path: '/tools', element: page(site, 'ToolsPage') },
      { path: '*', element: notFound },
    ],
  },
  // the side-area embed (part 2 §2): the outliner alone, without the shell
  {
    path: '/outliner/:code/*',
    element: <Suspense fallback={null}>{page(outliners, 'OutlinerEmbedPage')}</Suspense>,
  },
];
