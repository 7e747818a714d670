/**
 * Reading an OPML file the user picked, and downloading the export. The engine parses the
 * document; this only makes sure what reaches it is text that looks like OPML, with a message
 * a person can act on otherwise.
 */
import { t } from '../i18n';
import { exportOpml } from './api';

/** Largest OPML file accepted (a few thousand feeds fit in well under 1 MB). */
export const MAX_OPML_BYTES = 5 * 1024 * 1024;

/** The name the export is saved under. */
export const EXPORT_FILE_NAME = 'rivulet-subscriptions.opml';

/**
 * Checks pasted or loaded text before import: returns null when it looks like OPML, else the
 * reason in words, in the language in effect (empty, HTML page, not XML, no `<opml>` root).
 * Cheap: looks at the start only.
 */
export function opmlTextProblem(text: string): string | null {
  const head = text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 4096)
    .toLowerCase();
  if (!head) return t('subscribe.opml.empty');
  if (!head.startsWith('<')) return t('subscribe.opml.notXml');
  if (/^<!doctype html|^<html/.test(head)) return t('subscribe.opml.webPage');
  if (!head.includes('<opml')) return t('subscribe.opml.notOpml');
  return null;
}

/**
 * Reads a picked file as text and checks it (see `opmlTextProblem`). Rejects with an Error whose
 * message says what is wrong: too large, unreadable, or not OPML.
 */
export async function readOpmlFile(file: Blob & { name?: string }): Promise<string> {
  if (file.size > MAX_OPML_BYTES)
    throw new Error(t('subscribe.opml.tooLarge', { size: Math.round(file.size / 1024 / 1024) }));
  let text: string;
  try {
    text = await file.text();
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(t('subscribe.opml.unreadable', { reason }), { cause: err });
  }
  if (text.includes('\uFFFD') && !/<\?xml[^>]*encoding/i.test(text.slice(0, 200)))
    throw new Error(t('subscribe.opml.notText'));
  const problem = opmlTextProblem(text);
  if (problem) throw new Error(problem);
  return text;
}

/** Saves `text` as a file download through a Blob and a temporary object URL. */
export function downloadText(text: string, fileName: string, type = 'text/x-opml;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked after the click has been handled; revoking at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Asks the engine for the OPML export and downloads it as `rivulet-subscriptions.opml`. */
export async function downloadOpmlExport(): Promise<void> {
  downloadText(await exportOpml(), EXPORT_FILE_NAME);
}
