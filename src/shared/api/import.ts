import { z } from 'zod';
import {
  importListReplySchema,
  importParamsSchema,
  importStatusSchema,
  startImportFieldsSchema,
  startImportReplySchema,
} from '../schemas/import.ts';
import { defineCall } from './define.ts';

/** Bringing a library in from another service (docs/import.md). */
export const importCalls = {
  start: defineCall({
    method: 'POST',
    path: '/api/import',
    summary:
      'Import a file from another service (multipart field file, optional format; recognised from the ' +
      'content when empty); answers {job_id} at once, the import runs in the background',
    caller: 'session',
    multipart: startImportFieldsSchema.extend({ file: z.string().describe('the export file') }),
    reply: startImportReplySchema,
  }),
  status: defineCall({
    method: 'GET',
    path: '/api/import/:job_id',
    summary: "An import's progress and, once done, its summary with each skipped or failed entry and why",
    caller: 'session',
    params: importParamsSchema,
    reply: importStatusSchema,
  }),
  list: defineCall({
    method: 'GET',
    path: '/api/import',
    summary: "The user's imports, newest first (the last 20)",
    caller: 'session',
    reply: importListReplySchema,
  }),
};
