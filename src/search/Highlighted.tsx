import { createContext, useContext } from 'react';
import { highlight } from './highlight';
import classes from './Highlighted.module.css';

/**
 * The search whose words the rows below mark in their titles and snippets ('' marks nothing):
 * the /search results list provides its query; every other list leaves it empty.
 */
export const HighlightQuery = createContext('');

/**
 * `text` with the words of `query` (default: the {@link HighlightQuery} around it) in `<mark>`s.
 * Text nodes only, never HTML: a title holding markup shows it as the characters it is.
 */
export function Highlighted({ text, query }: { text: string; query?: string }) {
  const around = useContext(HighlightQuery);
  const words = query ?? around;
  if (!words.trim()) return text;
  return highlight(text, words).map((m, k) =>
    m.hit ? (
      <mark key={k} className={classes.mark}>
        {m.text}
      </mark>
    ) : (
      <span key={k}>{m.text}</span>
    ),
  );
}
