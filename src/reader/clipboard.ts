/**
 * Copies text to the clipboard. Resolves true on success, false when the Clipboard API is
 * missing or refused (insecure context, denied permission); never rejects.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (typeof navigator === 'undefined' || !navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
