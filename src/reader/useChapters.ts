/**
 * The chapters outline of an article: its h1–h4 headings (when there are at least three), each
 * with a stable id, and the one currently being read.
 */
import { useCallback, useEffect, useState, type RefObject } from 'react';

/** One entry of the outline. */
export interface Chapter {
  id: string;
  text: string;
  /** 1–4, from the heading tag. */
  level: number;
}

const MIN_CHAPTERS = 3;

/** Lower-case, dash-separated id from heading text; Unicode letters kept. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'section';
}

/**
 * Gives every h1–h4 of `root` an id derived from its text (`rv-h-<slug>`, numbered when
 * repeated), so the same article always gets the same ids, and returns them in order.
 */
export function assignHeadingIds(root: Element): Chapter[] {
  const seen = new Map<string, number>();
  return Array.from(root.querySelectorAll<HTMLElement>('h1, h2, h3, h4')).flatMap((h) => {
    const text = (h.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (!text) return [];
    const base = `rv-h-${slugify(text)}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    h.id = n === 1 ? base : `${base}-${n}`;
    return [{ id: h.id, text, level: Number(h.tagName[1]) }];
  });
}

/**
 * Reads the outline of the article inside `ref` whenever `contentKey` changes (pass the HTML)
 * and tracks the heading being read with an IntersectionObserver: the first heading in the top
 * third of the viewport, else the last one scrolled past. Returns no chapters for articles with
 * fewer than three headings. `scrollTo` scrolls a heading into view and marks it current.
 */
export function useChapters(
  ref: RefObject<HTMLElement | null>,
  contentKey: unknown,
): { chapters: Chapter[]; activeId: string | null; scrollTo: (id: string) => void } {
  const [chapters, setChapters] = useState<Chapter[]>([]);
  const [activeId, setActiveId] = useState<string | null>(null);

  useEffect(() => {
    const root = ref.current;
    const found = root ? assignHeadingIds(root) : [];
    const list = found.length >= MIN_CHAPTERS ? found : [];
    setChapters(list);
    setActiveId(list[0]?.id ?? null);
    if (!root || list.length === 0 || typeof IntersectionObserver === 'undefined') return;
    const headings = list.map((c) => root.ownerDocument.getElementById(c.id)).filter((h) => h !== null);
    const visible = new Set<Element>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          if (e.isIntersecting) visible.add(e.target);
          else visible.delete(e.target);
        }
        const first = headings.find((h) => visible.has(h));
        if (first) {
          setActiveId(first.id);
          return;
        }
        // Nothing in the band: the current section is the last heading above it.
        const above = headings.filter((h) => h.getBoundingClientRect().top < 0);
        const last = above[above.length - 1];
        if (last) setActiveId(last.id);
      },
      { rootMargin: '0px 0px -66% 0px' },
    );
    for (const h of headings) observer.observe(h);
    return () => observer.disconnect();
  }, [ref, contentKey]);

  const scrollTo = useCallback(
    (id: string) => {
      const el = ref.current?.ownerDocument.getElementById(id);
      if (!el) return;
      el.scrollIntoView({ behavior: 'smooth', block: 'start' });
      setActiveId(id);
    },
    [ref],
  );

  return { chapters, activeId, scrollTo };
}
