import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { describeCheck } from './checkState';
import { queryCheckQuery } from './queries';

/** Quiet time after the last keystroke before asking the engine (one cheap count per pause). */
export const CHECK_DEBOUNCE_MS = 150;

/**
 * Live validity and match count of `text`, checked 150 ms after typing stops. Answers for older
 * text never replace newer ones (each text has its own cache entry), and an error's underline is
 * shown only while the text is the one that was checked.
 */
export function useQueryCheck(text: string) {
  const [debounced] = useDebouncedValue(text, CHECK_DEBOUNCE_MS);
  const q = useQuery(queryCheckQuery(debounced));
  const fresh = debounced === text && !q.isPlaceholderData;
  return describeCheck({ data: q.data, error: q.error, fresh });
}
