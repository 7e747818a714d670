/**
 * The largest list page the engine answers (`items.page`), which is also what a list asks for at
 * once to catch up after a jump deep into it (src/items/useItemsData.ts): one read of up to this
 * many records. At 1M articles a jump to the middle of 300,000 unread rows took 300 calls of 500,
 * each re-rendering a list growing to 150,000 rows, before this was raised from 500.
 */
export const MAX_LIST_PAGE = 5000;
