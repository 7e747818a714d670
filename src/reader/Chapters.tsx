import { UnstyledButton } from '@mantine/core';
import { useT } from '../i18n';
import type { Chapter } from './useChapters';
import './reader.css';

/** Props of {@link Chapters}. */
export interface ChaptersProps {
  chapters: Chapter[];
  activeId: string | null;
  onSelect: (id: string) => void;
  /**
   * 'aside' (default): the open outline of the column beside the article. 'inline': the outline
   * of a narrow pane, under the article's header and folded to one line until opened, so the
   * headline stays the first thing on a phone whatever the number of sections.
   */
  variant?: 'aside' | 'inline';
}

/**
 * The article's outline: one button per heading, indented by level, the current section
 * marked with `aria-current`. Renders nothing for an empty list.
 */
export function Chapters({ chapters, activeId, onSelect, variant = 'aside' }: ChaptersProps) {
  const t = useT();
  if (chapters.length === 0) return null;
  const top = Math.min(...chapters.map((c) => c.level));
  const list = (
    <ol>
      {chapters.map((c) => (
        <li key={c.id} style={{ paddingLeft: `${(c.level - top) * 12}px` }}>
          <UnstyledButton
            className="rv-chapter"
            aria-current={c.id === activeId ? 'location' : undefined}
            onClick={() => onSelect(c.id)}
          >
            {c.text}
          </UnstyledButton>
        </li>
      ))}
    </ol>
  );
  if (variant === 'inline')
    return (
      <details className="rv-chapters-inline" data-testid="reader-chapters-inline">
        <summary className="rv-chapters-title">
          {t('reader.contentsCount', { count: chapters.length })}
        </summary>
        <nav aria-label={t('reader.chapters')}>{list}</nav>
      </details>
    );
  return (
    <nav className="rv-chapters" aria-label={t('reader.chapters')} data-testid="reader-chapters">
      <div className="rv-chapters-title">{t('reader.contents')}</div>
      {list}
    </nav>
  );
}
