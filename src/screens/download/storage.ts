/** Storage usage, quota and persistence, through `navigator.storage` (absent in some browsers). */
import { t } from '../../i18n';

/** What the Storage section shows. Fields are null when the browser does not say. */
export interface StorageInfo {
  usage: number | null;
  quota: number | null;
  persisted: boolean | null;
}

/**
 * 1536 → "1.5 KB"; decimal units as browsers report quotas; under 1 KB the byte count in the
 * locale's words ("999 bytes", "999字节"); null → "unknown" in the interface language.
 */
export function formatBytes(bytes: number | null, locale?: string): string {
  if (bytes === null || !Number.isFinite(bytes) || bytes < 0) return t('download.storage.unknown');
  if (bytes < 1000)
    return new Intl.NumberFormat(locale, { style: 'unit', unit: 'byte', unitDisplay: 'long' }).format(bytes);
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  const digits = value >= 100 ? 0 : 1;
  return `${value.toLocaleString(locale, { maximumFractionDigits: digits })} ${units[unit]}`;
}

/** Reads usage, quota and whether storage is persistent. Never rejects. */
export async function readStorage(
  storage: StorageManager | undefined = navigator.storage,
): Promise<StorageInfo> {
  const info: StorageInfo = { usage: null, quota: null, persisted: null };
  if (!storage) return info;
  try {
    const estimate = await storage.estimate();
    info.usage = estimate.usage ?? null;
    info.quota = estimate.quota ?? null;
  } catch {
    // Unknown stays unknown.
  }
  try {
    info.persisted = typeof storage.persisted === 'function' ? await storage.persisted() : null;
  } catch {
    info.persisted = null;
  }
  return info;
}

/** Asks the browser to keep Rivulet's data under storage pressure; resolves whether it agreed. */
export async function askPersistence(
  storage: StorageManager | undefined = navigator.storage,
): Promise<boolean> {
  if (!storage || typeof storage.persist !== 'function') return false;
  try {
    return await storage.persist();
  } catch {
    return false;
  }
}
