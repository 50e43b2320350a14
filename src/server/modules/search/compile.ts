import { type SQL, sql } from 'drizzle-orm';
import { NO_TAG, type ParsedSearch, type SearchTerm } from '../../../shared/search-query.ts';

/** Words with no letter or digit produce an empty tsquery, which would match nothing. */
const SEARCHABLE = /[\p{L}\p{N}]/u;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * One term as a condition on `items` (aliased as the table itself). `vector` is the tsvector
 * expression to match words against, so full-text search can widen it.
 */
function termCondition(term: SearchTerm, userId: number, vector: SQL): SQL | null {
  let cond: SQL;
  switch (term.kind) {
    case 'word':
      if (!SEARCHABLE.test(term.value)) return null;
      cond = sql`${vector} @@ plainto_tsquery('simple', ${term.value})`;
      break;
    case 'phrase':
      if (!SEARCHABLE.test(term.value)) return null;
      cond = sql`${vector} @@ phraseto_tsquery('simple', ${term.value})`;
      break;
    case 'tag':
      cond =
        term.value.toLowerCase() === NO_TAG
          ? sql`NOT EXISTS (SELECT 1 FROM item_tags it WHERE it.item_id = items.id)`
          : sql`EXISTS (SELECT 1 FROM item_tags it JOIN tags t ON t.id = it.tag_id
                WHERE it.item_id = items.id AND t.user_id = ${userId} AND lower(t.name) = lower(${term.value}))`;
      break;
    case 'host': {
      const host = term.value.toLowerCase();
      cond = sql`(items.host = ${host} OR items.host LIKE ${`%.${escapeLike(host)}`})`;
      break;
    }
    default:
      return null;
  }
  return term.negated ? sql`NOT (${cond})` : cond;
}

/** The whole query as one condition (clauses ANDed, alternatives ORed), or null when it filters nothing. */
export function searchCondition(parsed: ParsedSearch, userId: number, vector: SQL): SQL | null {
  const clauses: SQL[] = [];
  for (const clause of parsed.clauses) {
    const alternatives = clause.anyOf
      .map((term) => termCondition(term, userId, vector))
      .filter((c): c is SQL => c !== null);
    if (alternatives.length === 0) continue;
    clauses.push(alternatives.length === 1 ? alternatives[0]! : sql`(${sql.join(alternatives, sql` OR `)})`);
  }
  return clauses.length ? sql.join(clauses, sql` AND `) : null;
}
