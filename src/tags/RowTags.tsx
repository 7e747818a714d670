import { useQuery } from '@tanstack/react-query';
import { useT } from '../i18n';
import { tagsQuery } from './api';
import { TagDot } from './TagDot';
import classes from './RowTags.module.css';

/** Chips a list row shows; more tags than this become "+N". */
const SHOWN = 2;

/**
 * An article's tags in a list row: small chips (colour dot and name, the name cut short when
 * long), at most two (one on a phone, by CSS, and in the text view) and "+N" for the rest, all
 * names in the tooltip. One line no taller than
 * the row's meta line, so a tagged row is exactly as tall as an untagged one (the virtual list
 * measures rows, but heights that jump as tags load would shift the scroll). Tags the tag list
 * does not know (yet) are left out.
 */
export function RowTags({ ids, compact = false }: { ids: readonly number[]; compact?: boolean }) {
  const t = useT();
  const all = useQuery(tagsQuery()).data;
  if (!all || ids.length === 0) return null;
  const mine = all.filter((tag) => ids.includes(tag.id));
  if (mine.length === 0) return null;
  const shown = mine.slice(0, compact ? 1 : SHOWN);
  const names = mine.map((tag) => tag.name).join(', ');
  // "+N" for the chips left out: with two shown, a second count for phones, where CSS hides
  // the second chip (one of the two counts shows at a time).
  const more = (count: number, className: string | undefined) =>
    count > 0 && (
      <span className={className} aria-label={t('tags.more', { count })}>
        +{count}
      </span>
    );
  return (
    <span className={classes.tags} title={t('tags.onRow', { names })} data-testid="item-tags">
      {shown.map((tag, i) => (
        <span
          key={tag.id}
          className={i > 0 ? `${classes.chip} ${classes.wideOnly}` : classes.chip}
          data-testid="item-tag"
          data-tag-id={tag.id}
        >
          <TagDot color={tag.color} size={6} />
          <span className={classes.name}>{tag.name}</span>
        </span>
      ))}
      {shown.length > 1 ? (
        <>
          {more(mine.length - shown.length, `${classes.more} ${classes.wideOnly}`)}
          {more(mine.length - 1, `${classes.more} ${classes.phoneOnly}`)}
        </>
      ) : (
        more(mine.length - shown.length, classes.more)
      )}
    </span>
  );
}
