import { UnstyledButton } from '@mantine/core';
import { useT } from '../i18n';
import type { Chapter } from './useChapters';
import './reader.css';

/** Props of {@link Chapters}. */
export interface ChaptersProps {
  chapters: Chapter[];
  activeId: string | null;
  onSelect: (id: string) => void;
}

/**
 * The article's outline: one button per heading, indented by level, the current section
 * marked with `aria-current`. Renders nothing for an empty list.
 */
export function Chapters({ chapters, activeId, onSelect }: ChaptersProps) {
  const t = useT();
  if (chapters.length === 0) return null;
  const top = Math.min(...chapters.map((c) => c.level));
  return (
    <nav className="rv-chapters" aria-label={t('reader.chapters')} data-testid="reader-chapters">
      <div className="rv-chapters-title">{t('reader.contents')}</div>
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
    </nav>
  );
}
