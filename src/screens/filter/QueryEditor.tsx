import { type KeyboardEvent, useMemo, useRef } from 'react';
import { errorSegments } from '../../filters/errorSpan';
import classes from './QueryEditor.module.css';
import { useT } from '../../i18n';

interface QueryEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** Enter or Ctrl/⌘+Enter; Shift+Enter inserts a new line. */
  onRun: () => void;
  /** Where the current syntax error is, or null when the text parses. */
  errorAt: { offset: number; length: number } | null;
  /** Accessible description (the error message element's id). */
  describedBy?: string;
  autoFocus?: boolean;
}

/**
 * A monospace query box. A transparent overlay with the same metrics sits under the textarea
 * and draws a red wavy underline under the error span; it scrolls with the textarea.
 */
export function QueryEditor({ value, onChange, onRun, errorAt, describedBy, autoFocus }: QueryEditorProps) {
  const t = useT();
  const overlay = useRef<HTMLDivElement>(null);
  const segments = useMemo(() => errorSegments(value, errorAt), [value, errorAt]);

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.altKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    onRun();
  };

  return (
    <div className={classes.wrap} data-error={errorAt ? true : undefined}>
      <div ref={overlay} className={classes.overlay} aria-hidden="true" data-testid="query-overlay">
        {segments.map((s, i) =>
          s.error ? (
            <span key={i} className={classes.error} data-testid="query-error-span">
              {s.text}
            </span>
          ) : (
            <span key={i}>{s.text}</span>
          ),
        )}
        {/* A trailing newline needs a character after it to take up its line, as in the textarea. */}
        {value.endsWith('\n') && ' '}
      </div>
      <textarea
        className={classes.input}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        onScroll={(e) => {
          if (overlay.current) overlay.current.scrollTop = e.currentTarget.scrollTop;
        }}
        rows={2}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        autoCorrect="off"
        autoFocus={autoFocus}
        placeholder="isRead = false AND pubDate > DATE_SUB(NOW(), INTERVAL 7 DAY)"
        aria-label={t('filter.query.label')}
        aria-invalid={errorAt ? true : undefined}
        aria-describedby={describedBy}
        data-testid="query-input"
      />
    </div>
  );
}
