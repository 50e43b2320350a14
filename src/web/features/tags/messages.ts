/** Tag notifications, word for word from the spec (part 1 §8), including the double space. */
export const TAG_MESSAGES = {
  renamed: 'Tag changed successfully',
  renameFailed: 'Tag changed failed',
  deleted: 'Tag deleted successfully.',
  deleteFailed: 'Tag deleted failed.',
  inlineDeleted: (name: string) => `Delete tag ${name} success.`,
  inlineDeleteFailed: (name: string) => `Delete tag ${name}  fail.`,
} as const;
