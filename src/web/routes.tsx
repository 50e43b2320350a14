import type { RouteObject } from 'react-router';
import { SignInPage } from './features/auth/SignInPage.tsx';
import { SignUpPage } from './features/auth/SignUpPage.tsx';
import { NotFoundPage } from './features/errors/NotFoundPage.tsx';
import { GroupsPage } from './features/groups/GroupsPage.tsx';
import { HomePage } from './features/home/HomePage.tsx';
import { ItemPage } from './features/item/ItemPage.tsx';
import { LibraryPage } from './features/library/LibraryPage.tsx';
import {
  ExportDestinationPlaceholder,
  OutlinerPlaceholder,
  OutlinersPlaceholder,
  PremiumPlaceholder,
  ProfilePlaceholder,
  SettingsPlaceholder,
} from './features/placeholders/pages.tsx';
import { AppShell } from './features/shell/AppShell.tsx';
import { TagsPage } from './features/tags/TagsPage.tsx';
import { TutorialPage } from './features/tutorial/TutorialPage.tsx';

/** Page routes of the spec; the server answers the same paths with index.html (src/shared/pages.ts). */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/sign-in', element: <SignInPage /> },
      { path: '/sign-up', element: <SignUpPage /> },
      { path: '/tutorial', element: <TutorialPage /> },
      { path: '/user/:name/b/:linkId', element: <ItemPage /> },
      { path: '/user/:name/b/*', element: <NotFoundPage /> },
      { path: '/user/:name/d/*', element: <ExportDestinationPlaceholder /> },
      { path: '/user/:name/tags', element: <TagsPage /> },
      { path: '/user/:name/*', element: <LibraryPage /> },
      { path: '/outliners', element: <OutlinersPlaceholder /> },
      { path: '/o/*', element: <OutlinerPlaceholder /> },
      { path: '/outliner_sidebar', element: <OutlinerPlaceholder /> },
      { path: '/profile/:name/*', element: <ProfilePlaceholder /> },
      { path: '/premium/*', element: <PremiumPlaceholder /> },
      { path: '/setting', element: <SettingsPlaceholder /> },
      { path: '/groups', element: <GroupsPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
