import { useEffect } from 'react';

/** Sets the tab title to "<title> · Rivulet" (just "Rivulet" for an empty title) while mounted. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Rivulet` : 'Rivulet';
  }, [title]);
}
