import { useMemo } from 'react';
import { useLanguage } from '../i18n';
import { renderMarkdownSafe } from './markdown';
import './article.css';

/**
 * Renders Markdown text (an AI summary, say) with the article typography. Never throws in
 * production: a conversion failure shows the text as plain text with a request to report it,
 * or in `silent` mode a short error paragraph.
 */
export function MarkdownView({ markdown, silent = false }: { markdown: string; silent?: boolean }) {
  // The fallback texts are translated, so the result belongs to a language and is redone on change.
  const lang = useLanguage();
  const { html } = useMemo(
    () => ({ lang, ...renderMarkdownSafe(markdown, { silent }) }),
    [markdown, silent, lang],
  );
  return <div className="rv-article rv-markdown-view" dangerouslySetInnerHTML={{ __html: html }} />;
}
