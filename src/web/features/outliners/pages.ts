// The outliner pages as one chunk, loaded on demand by the routes.
export { OutlinerEmbedPage, OutlinerPage } from './OutlinerPage.tsx';
export { OutlinerSidebarPage } from './OutlinerSidebarPage.tsx';
export { OutlinersPage } from './OutlinersPage.tsx';
export { SharedOutlinerPage } from './SharedOutlinerPage.tsx';
