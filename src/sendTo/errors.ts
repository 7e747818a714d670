import { t } from '../i18n';
import { errorText } from '../i18n/errorText';

interface SendFailure {
  code?: unknown;
  details?: { service?: unknown; status?: unknown; detail?: unknown; retryAfter?: unknown };
}

/**
 * What to show for a failed test or send: which service answered what, and what to check
 * ("Wallabag answered 400: invalid_grant: … — check the client ID and secret, …"), in the UI
 * language. Errors without a service answer (network, form) use the engine error texts.
 */
export function sendErrorText(err: unknown): string {
  const e = (typeof err === 'object' && err !== null ? err : {}) as SendFailure;
  const d = e.details;
  if (!d || typeof d.status !== 'number' || typeof d.service !== 'string') return errorText(err);
  const said = t('sendTo.answered', {
    service: d.service,
    status: d.status,
    detail: typeof d.detail === 'string' && d.detail ? d.detail : '—',
  });
  const hint =
    e.code === 'send_auth'
      ? t(d.service === 'Wallabag' ? 'sendTo.hint.authWallabag' : 'sendTo.hint.auth')
      : e.code === 'send_rate'
        ? typeof d.retryAfter === 'number'
          ? t('sendTo.hint.rate', { seconds: d.retryAfter })
          : t('sendTo.hint.rateLater')
        : e.code === 'send_not_api'
          ? t('sendTo.hint.notApi')
          : '';
  return hint ? `${said} — ${hint}` : said;
}
