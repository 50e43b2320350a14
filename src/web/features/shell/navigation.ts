import type { LoadUserInfoReply } from '../../../shared/schemas/user-info.ts';
import { isOverQuota, isSignedIn } from '../../../shared/schemas/values.ts';
import { links } from '../../lib/links.ts';
import { SITE_LINKS } from './site-links.ts';

/** An entry of the main navigation or the user menu: a link, or an action the shell performs. */
export type NavEntry =
  | { id: string; label: string; kind: 'link'; to: string; external?: boolean }
  | { id: string; label: string; kind: 'action'; action: 'support' | 'sign-out' };

const link = (id: string, label: string, to: string, external = false): NavEntry => ({
  id,
  label,
  kind: 'link',
  to,
  ...(external ? { external } : {}),
});

/** Main navigation (spec part 1 §2); signed-out visitors get only the sign-up and sign-in links. */
export function mainNavEntries(info: LoadUserInfoReply | undefined): NavEntry[] {
  if (!isSignedIn(info)) return [];
  const entries = [
    link('library', 'My Library', links.library(info.name)),
    link('outliners', 'My Outliners', links.outliners()),
    link('groups', 'My Groups', '/groups'),
  ];
  if (info.showCompany && info.companyName && info.companyUri) {
    entries.push(link('company', `My ${info.companyName}`, info.companyUri, true));
  }
  entries.push(
    link('tools', 'Tools', SITE_LINKS.tools),
    link('blog', 'Blog', SITE_LINKS.blog, SITE_LINKS.blog.startsWith('http')),
  );
  if (info.showClassic) entries.push(link('classic', 'Back to classic', SITE_LINKS.classic, true));
  return entries;
}

/** The plan call to action beside the user menu: Upgrade for free users, Over Quota once over a quota. */
export function planCallToAction(info: LoadUserInfoReply | undefined): NavEntry | null {
  if (!isSignedIn(info)) return null;
  if (isOverQuota(info.permissions)) return link('over-quota', 'Over Quota', '/premium');
  if (!info.premium.isPremium) return link('upgrade', 'Upgrade', '/premium');
  return null;
}

/** The user menu per role (spec part 1 §2, §6). */
export function userMenuEntries(info: LoadUserInfoReply | undefined): NavEntry[] {
  if (!isSignedIn(info)) return [];
  const premium = info.premium.isPremium;
  const entries: NavEntry[] = [
    link('public-library', 'Public Library', links.profile(info.name)),
    link('settings', 'Settings', '/setting'),
  ];
  if (info.teacher) entries.push(link('teacher-console', 'Teacher Console', SITE_LINKS.teacherConsole, true));
  if (premium) entries.push(link('premium-account', 'Premium Account', '/premium'));
  entries.push(
    link('affiliate', 'Affiliate', SITE_LINKS.affiliate),
    { id: 'support', label: premium ? 'Priority Support' : 'Support', kind: 'action', action: 'support' },
    link('discover', 'Discover', SITE_LINKS.discover, true),
    link('help', 'Help', SITE_LINKS.help, true),
  );
  if (info.isEducationDomain && !info.teacher) {
    entries.push(link('educators', 'Resources for Educators', SITE_LINKS.educators, true));
  }
  entries.push({ id: 'sign-out', label: 'Sign Out', kind: 'action', action: 'sign-out' });
  return entries;
}
