/** Library notifications, word for word from spec part 1 §8 and §9. */
export const libraryText = {
  saved: '1 item saved to you Library.',
  /** not in the spec: saving a URL already in the library updates that item */
  savedAgain: 'Already in your Library: the bookmark was updated.',
  saveFailed: 'Save to your Library failed',
  deleted: (n: number) => `${n} item(s) deleted`,
  deleteFailed: (type: string) => `${type} delete failed`,
  /** not in the spec: the trash (issue 33) */
  undo: 'Undo',
  restored: (n: number) => `${n} item(s) restored`,
  restoreFailed: 'Restore failed',
  markedRead: (n: number) => `${n} item(s) ${n === 1 ? 'has' : 'have'} been marked as read`,
  markedUnread: 'marked as unread',
  markFailed: 'Mark failed.',
  privacyDone: 'Change privacy done',
  privacyFailed: 'Change privacy failed',
  /** not in the spec, which names the star controls only */
  starFailed: 'Star failed, please retry.',
  tagChanged: 'Tag changed successfully',
  tagChangeFailed: 'Tag changed failed',
  selected: (n: number) => `${n} item(s) selected`,
  selectTip: 'Click item to select',
  emptyDefault: 'Whoops! No item yet',
  emptyUnread: "You've read all you save!",
  emptySearch: "Sorry, we don't found what you want!",
  emptyItems: "There's no item! You can add one first",
  loadFailed: 'Sorry, something goes wrong, please retry later.',
  fulltextPremium: 'Go premium to use fulltext search',
  /** 'Page X of N results for the query'; with nothing found there is no page to count */
  searchSummary: (page: number, pages: number, total: number, query: string) =>
    total === 0 ? `No results for ${query}` : `Page ${page} of ${pages} results for ${query}`,
} as const;
