/** Notifications of the annotation calls, word for word (spec part 1 §8). */
export const ANNOTATION_MESSAGES = {
  colorFailed: 'Change color failed',
  deleteDone: 'Delete annotation done',
  deleteFailed: 'Delete annotation failed',
  noteRemoved: 'Remove the sticky note successfully.',
  noteRemoveFailed: 'remove sticky note failed',
} as const;
