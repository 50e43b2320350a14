/** Page routes the React app renders; the server answers them with index.html (others get a 404 page). */
const PAGE_PATTERNS: RegExp[] = [
  /^\/$/,
  /^\/sign-in$/,
  /^\/sign-up$/,
  /^\/tutorial$/,
  /^\/user\/[^/]+(\/.*)?$/,
  /^\/outliners$/,
  /^\/o\/[^/]+(\/[^/]*)?$/,
  /^\/outliner_sidebar$/,
  /^\/profile\/[^/]+(\/[^/]+)?$/,
  /^\/premium(\/(pay|upgrade|resubscribe|thanksgiving|gift))?$/,
  /^\/setting$/,
  /^\/groups$/,
];

export function isPageRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PAGE_PATTERNS.some((re) => re.test(path));
}
