import { ComingSoon } from './ComingSoon.tsx';

export function PremiumPlaceholder() {
  return (
    <ComingSoon
      title="Premium"
      arrives="Plans cannot be bought here yet. Write to us through Contact Us to change your plan."
    />
  );
}
