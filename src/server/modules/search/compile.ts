import { type SQL, sql } from 'drizzle-orm';
import { NO_TAG, type ParsedSearch, type SearchTerm } from '../../../shared/search-query.ts';

/** Words with no letter or digit produce an empty tsquery, which would match nothing. */
const SEARCHABLE = /[\p{L}\p{N}]/u;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A word or phrase matches when any of the vectors does. Each vector is its own `@@` so each can
 * use its own GIN index (Postgres ORs the bitmaps). A NULL vector (a page never captured) is no
 * match, and coalesce keeps it from turning a negated term into NULL, which would drop the row.
 */
function textMatch(vectors: SQL[], query: SQL, negated: boolean): SQL {
  const any = sql.join(
    vectors.map((v) => sql`${v} @@ ${query}`),
    sql` OR `,
  );
  if (negated) return sql`NOT coalesce((${any}), false)`;
  return vectors.length === 1 ? any : sql`(${any})`;
}

/**
 * One term as a condition on `items` (aliased as the table itself). `vectors` are the tsvector
 * expressions words are matched against: the search vector, plus the page text for full text.
 */
function termCondition(term: SearchTerm, userId: number, vectors: SQL[]): SQL | null {
  let cond: SQL;
  switch (term.kind) {
    case 'word':
      if (!SEARCHABLE.test(term.value)) return null;
      if (vectors.length > 1)
        return textMatch(vectors, sql`plainto_tsquery('simple', ${term.value})`, term.negated);
      cond = sql`${vectors[0]} @@ plainto_tsquery('simple', ${term.value})`;
      break;
    case 'phrase':
      if (!SEARCHABLE.test(term.value)) return null;
      if (vectors.length > 1)
        return textMatch(vectors, sql`phraseto_tsquery('simple', ${term.value})`, term.negated);
      cond = sql`${vectors[0]} @@ phraseto_tsquery('simple', ${term.value})`;
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

/**
 * The whole query as one condition (clauses ANDed, alternatives ORed), or null when it filters
 * nothing. `vector` is one tsvector expression, or several that a word may match in any of
 * (full-text search passes the search vector and the page vector).
 */
export function searchCondition(parsed: ParsedSearch, userId: number, vector: SQL | SQL[]): SQL | null {
  const vectors = Array.isArray(vector) ? vector : [vector];
  const clauses: SQL[] = [];
  for (const clause of parsed.clauses) {
    const alternatives = clause.anyOf
      .map((term) => termCondition(term, userId, vectors))
      .filter((c): c is SQL => c !== null);
    if (alternatives.length === 0) continue;
    clauses.push(alternatives.length === 1 ? alternatives[0]! : sql`(${sql.join(alternatives, sql` OR `)})`);
  }
  return clauses.length ? sql.join(clauses, sql` AND `) : null;
}
