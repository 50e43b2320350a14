/** Page routes the React app renders; the server answers them with index.html (others get a 404 page). */
const PAGE_PATTERNS: RegExp[] = [
  /^\/$/,
  /^\/sign-in$/,
  /^\/sign-up$/,
  /^\/(forgot|reset)-password$/,
  /^\/tutorial$/,
  /^\/user\/[^/]+(\/.*)?$/,
  /^\/outliners$/,
  /^\/review$/,
  // library upkeep (issue 33)
  /^\/(trash|duplicates)$/,
  /^\/o\/[^/]+(\/[^/]*)?$/,
  /^\/outliner_sidebar$/,
  // the read-only page of a share link, and the side-area embed /outliner/{code}/{title}?iframe=true
  /^\/outliner_shared\/[^/]+$/,
  /^\/outliner\/[0-9a-z]+\/[^/]*$/,
  // an item's share link: its read-only page
  /^\/s\/[A-Za-z0-9_-]+$/,
  /^\/profile\/[^/]+(\/[^/]+)?$/,
  /^\/premium(\/(pay|upgrade|resubscribe|thanksgiving|gift))?$/,
  /^\/affiliate\/console$/,
  /^\/setting$/,
  // the Settings connection popup's last page (modules/connections)
  /^\/account\/connected$/,
  /^\/groups$/,
  /^\/groups\/accept$/,
  // a group's page, and a shared item in its reader (links.groupItem)
  /^\/group\/[^/]+(\/item\/[0-9]+)?$/,
  /^\/(about|terms|privacy|blog|tools)$/,
  // the browser extension's install steps, and the page that connects it to the account
  /^\/extension(\/connect)?$/,
];

export function isPageRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PAGE_PATTERNS.some((re) => re.test(path));
}
