/**
 * A file's size for people: bytes below 1 KB, KB below 1 MB, MB with one decimal above. KB carry
 * `kbDecimals` decimals (1 by default; the Kindle import shows whole KB).
 */
export function formatSize(bytes: number, kbDecimals = 1): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(kbDecimals)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
