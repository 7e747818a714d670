import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, sendApiError } from './respond.ts';

/**
 * `/api/ai/*` — placeholder for the shared OpenAI-compatible endpoint (a later issue). The key
 * will live only in this process; routes such as `POST /api/ai/summarize` belong here, behind
 * the same guard as everything under /api. Until configured, every call answers 501
 * `ai_not_configured` so the app can hide AI features.
 */
export function handleAi(_req: IncomingMessage, res: ServerResponse): void {
  sendApiError(
    res,
    new ApiError(501, 'ai_not_configured', 'AI features are not configured on this Rivulet server.'),
  );
}
