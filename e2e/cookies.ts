/**
 * Cookies every journey starts with (playwright.config.ts): a user who has seen the library guide
 * in this browser (so the account is not even asked, GET /api/settings/guides) and dismissed the
 * install-extension bar, so neither covers what a journey clicks. The journeys of those two
 * (first-minute, library-polish's new user, extension) start from fewer.
 */
function cookie(name: string) {
  return {
    name,
    value: '1',
    domain: '127.0.0.1',
    path: '/',
    expires: -1,
    httpOnly: false,
    secure: false,
    sameSite: 'Lax' as const,
  };
}

export const GUIDE_SEEN = cookie('GUIDE_LIBRARY');
export const EXTENSION_BAR_DISMISSED = cookie('hide_extension_bar');
