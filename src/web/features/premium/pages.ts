// The premium pages, one chunk (routes.tsx loads it when a billing page first renders).
export { AffiliateConsolePage } from './AffiliateConsolePage.tsx';
export { GiftPage } from './GiftPage.tsx';
export { PayPage } from './PayPage.tsx';
export { PremiumPage } from './PremiumPage.tsx';
export { ResubscribePage } from './ResubscribePage.tsx';
export { ThanksgivingPage } from './ThanksgivingPage.tsx';
export { UpgradePage } from './UpgradePage.tsx';
