/**
 * Large 'My Clippings.txt' files for load tests, made on the fly (megabytes are not committed):
 * `books` books with `perBook` highlights each; every fourth highlight has a note where it ends.
 */
export function kindleClippings(books: number, perBook: number, seed = 'Book'): string {
  const parts: string[] = [];
  for (let b = 0; b < books; b++) {
    const header = `${seed} ${b} (Author ${b % 97})`;
    for (let h = 0; h < perBook; h++) {
      const start = 100 + h * 10;
      parts.push(
        `${header}\r\n- Your Highlight on page ${h + 1} | Location ${start}-${start + 3} | Added on Monday, March 4, 2019 10:12:38 PM\r\n\r\n` +
          `Highlight ${h} of book ${b}: worth keeping.\r\n==========\r\n`,
      );
      if (h % 4 === 0) {
        parts.push(
          `${header}\r\n- Your Note on page ${h + 1} | Location ${start + 3} | Added on Monday, March 4, 2019 10:13:01 PM\r\n\r\n` +
            `Note on highlight ${h} of book ${b}.\r\n==========\r\n`,
        );
      }
    }
  }
  return parts.join('');
}
