/** A group title as titles are compared (OPML folders, Undo): trimmed, whitespace collapsed, case folded. */
export const foldGroupTitle = (title: string): string =>
  title.trim().replace(/\s+/g, ' ').toLocaleLowerCase();
