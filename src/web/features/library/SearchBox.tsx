import { useEffect, useState } from 'react';
import { applySuggestion, suggestionPrefix } from '../../../shared/search-query.ts';
import { fetchTagSuggestions } from '../../api/tags.ts';
import { fulltextOption } from './related-searches.ts';
import { SuggestInput } from './SuggestInput.tsx';

/**
 * The library search box: tag suggestions for the fragment being typed; premium users are offered
 * the full-text search (snapshot=yes) when it is not already on.
 */
export function SearchBox(props: {
  what: string;
  snapshot: boolean;
  premium: boolean;
  onSearch: (what: string, snapshot: boolean) => void;
}) {
  const { what, snapshot, premium, onSearch } = props;
  const [text, setText] = useState(what);
  useEffect(() => setText(what), [what]);

  const extra = (value: string) => {
    const fulltext = fulltextOption(value, premium, snapshot);
    return fulltext === null
      ? []
      : [{ label: `Fulltext: ${fulltext}`, onPick: () => onSearch(fulltext, true) }];
  };

  return (
    <SuggestInput
      id="library-search"
      label="Search your library"
      placeholder="Search: words, #tag, @site"
      value={text}
      onChange={setText}
      onSubmit={(value) => onSearch(value.trim(), snapshot)}
      prefixOf={suggestionPrefix}
      fetchSuggestions={fetchTagSuggestions}
      apply={applySuggestion}
      extra={extra}
    />
  );
}
