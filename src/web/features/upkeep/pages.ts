export { DuplicatesPage } from './DuplicatesPage.tsx';
export { TrashPage } from './TrashPage.tsx';
