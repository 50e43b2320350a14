// Applies the remembered theme (see src/web/features/shell/theme.ts) before the app paints.
try {
  const theme = localStorage.getItem('folio-theme');
  if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
} catch {
  // storage can be blocked; the system theme applies
}
