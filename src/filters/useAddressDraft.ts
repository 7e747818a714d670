import { useState } from 'react';

/**
 * The query editor's draft, following the address's `q` when something else changes it (Back,
 * Forward, a link) but not when the editor changed it itself.
 *
 * The router applies address changes in a React transition, so an address the editor asked for
 * can arrive after the person has already typed more (click Edit, type at once). Overwriting the
 * draft then would lose what was typed, and a following Update would save the old query. So the
 * editor announces the `q` it is about to set (`expect`), and the draft ignores that one arrival.
 */
export function useAddressDraft(addressQuery: string | null, initial: string) {
  const [draft, setDraft] = useState(addressQuery ?? initial);
  const [seen, setSeen] = useState(addressQuery);
  // The `q` the editor set and has not seen arrive yet; undefined when none is on its way.
  const [own, setOwn] = useState<string | null | undefined>(undefined);
  if (seen !== addressQuery) {
    setSeen(addressQuery);
    if (own !== undefined && own === addressQuery) setOwn(undefined);
    else if (addressQuery !== null) setDraft(addressQuery);
  }
  /** Call before setting the address's `q` to `next` from the editor itself. */
  const expect = (next: string | null) => {
    // An unchanged `q` never arrives, so it must not be waited for.
    setOwn(next === addressQuery ? undefined : next);
  };
  return { draft, setDraft, expect };
}
