/**
 * Reading an OPML file the user picked, and downloading the export. The engine parses the
 * document; this only makes sure what reaches it is text that looks like OPML, with a message
 * a person can act on otherwise.
 */
import { exportOpml } from './api';

/** Largest OPML file accepted (a few thousand feeds fit in well under 1 MB). */
export const MAX_OPML_BYTES = 5 * 1024 * 1024;

/** The name the export is saved under. */
export const EXPORT_FILE_NAME = 'rivulet-subscriptions.opml';

/**
 * Checks pasted or loaded text before import: returns null when it looks like OPML, else the
 * reason in words (empty, HTML page, not XML, no `<opml>` root). Cheap: looks at the start only.
 */
export function opmlTextProblem(text: string): string | null {
  const head = text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 4096)
    .toLowerCase();
  if (!head) return 'The file is empty.';
  if (!head.startsWith('<'))
    return 'This is not an OPML file (it is not XML). Export your subscriptions as OPML and try again.';
  if (/^<!doctype html|^<html/.test(head)) return 'This is a web page, not an OPML file.';
  if (!head.includes('<opml')) return 'This XML file is not OPML (it has no <opml> element).';
  return null;
}

/**
 * Reads a picked file as text and checks it (see `opmlTextProblem`). Rejects with an Error whose
 * message says what is wrong: too large, unreadable, or not OPML.
 */
export async function readOpmlFile(file: Blob & { name?: string }): Promise<string> {
  if (file.size > MAX_OPML_BYTES)
    throw new Error(
      `The file is too large (${Math.round(file.size / 1024 / 1024)} MB); OPML files are usually far smaller.`,
    );
  let text: string;
  try {
    text = await file.text();
  } catch (err) {
    throw new Error(`The file could not be read: ${err instanceof Error ? err.message : String(err)}`, {
      cause: err,
    });
  }
  if (text.includes('\uFFFD') && !/<\?xml[^>]*encoding/i.test(text.slice(0, 200)))
    throw new Error('The file is not text (or not UTF-8). Pick the .opml file your old reader exported.');
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
