import type { TestProject } from 'vitest/node';
import { preparePgliteTemplate, preparePostgresTemplate } from './helpers/database.ts';

/**
 * Once per run, before the API test files start: migrates the template every test database is
 * copied from (test/helpers/database.ts), unless one for these migrations exists already.
 */
export default async function setup(project: TestProject): Promise<void> {
  if (project.config.env.FOLIO_TEST_DB === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('FOLIO_TEST_DB=postgres needs TEST_DATABASE_URL');
    await preparePostgresTemplate(adminUrl, { prune: true });
  } else {
    await preparePgliteTemplate();
  }
}
