import type { LoadUserInfoReply } from '../../../shared/schemas/user-info.ts';
import { isOverQuota, isSignedIn } from '../../../shared/schemas/values.ts';
import { t } from '../../i18n/index.ts';
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
    link('library', t('nav.library'), links.library(info.name)),
    link('outliners', t('nav.outliners'), links.outliners()),
    link('review', t('nav.review'), '/review'),
    link('groups', t('nav.groups'), '/groups'),
  ];
  if (info.showCompany && info.companyName && info.companyUri) {
    entries.push(link('company', t('nav.company', { company: info.companyName }), info.companyUri, true));
  }
  entries.push(
    link('tools', t('nav.tools'), SITE_LINKS.tools),
    link('blog', t('nav.blog'), SITE_LINKS.blog, SITE_LINKS.blog.startsWith('http')),
  );
  if (info.showClassic) entries.push(link('classic', t('nav.classic'), SITE_LINKS.classic, true));
  return entries;
}

/** The plan call to action beside the user menu: Upgrade for free users, Over Quota once over a quota. */
export function planCallToAction(info: LoadUserInfoReply | undefined): NavEntry | null {
  if (!isSignedIn(info)) return null;
  if (isOverQuota(info.permissions)) return link('over-quota', t('nav.overQuota'), '/premium');
  if (!info.premium.isPremium) return link('upgrade', t('nav.upgrade'), '/premium');
  return null;
}

/** The user menu per role (spec part 1 §2, §6). */
export function userMenuEntries(info: LoadUserInfoReply | undefined): NavEntry[] {
  if (!isSignedIn(info)) return [];
  const premium = info.premium.isPremium;
  const entries: NavEntry[] = [
    link('public-library', t('userMenu.publicLibrary'), links.profile(info.name)),
    link('settings', t('userMenu.settings'), '/setting'),
  ];
  if (info.teacher)
    entries.push(link('teacher-console', t('userMenu.teacherConsole'), SITE_LINKS.teacherConsole, true));
  if (premium) entries.push(link('premium-account', t('userMenu.premiumAccount'), '/premium'));
  entries.push(
    link('affiliate', t('userMenu.affiliate'), SITE_LINKS.affiliate),
    {
      id: 'support',
      label: premium ? t('userMenu.prioritySupport') : t('userMenu.support'),
      kind: 'action',
      action: 'support',
    },
    link('discover', t('userMenu.discover'), SITE_LINKS.discover, true),
    link('help', t('userMenu.help'), SITE_LINKS.help, true),
  );
  if (info.isEducationDomain && !info.teacher) {
    entries.push(link('educators', t('userMenu.educators'), SITE_LINKS.educators, true));
  }
  entries.push({ id: 'sign-out', label: t('userMenu.signOut'), kind: 'action', action: 'sign-out' });
  return entries;
}
