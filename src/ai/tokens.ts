/**
 * Approximate token counting for prompt budgets. No tokenizer ships with the app, so this uses
 * the usual rule of thumb: ~4 characters per token for Latin text, 1 token per CJK character
 * (Chinese, Japanese kana, Korean syllables take roughly one token each in common tokenizers).
 */

// Han, Hiragana, Katakana, Hangul syllables, CJK punctuation and full-width forms.
const CJK = /[\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/;

/**
 * Estimated tokens of `text`: CJK characters count 1 each, everything else 1 per 4 characters
 * (rounded up). Cost: one pass over the text.
 */
export function estimateTokens(text: string): number {
  let cjk = 0;
  let other = 0;
  for (const ch of text) {
    if (CJK.test(ch)) cjk++;
    else other++;
  }
  return cjk + Math.ceil(other / 4);
}

/**
 * The longest prefix of `text` whose estimate fits `budget` tokens, cut at a paragraph, line or
 * sentence end when one is near (within the last fifth), else at a word boundary, with
 * `truncated` set when anything was cut. Cost: linear in the kept text.
 */
export function trimToTokens(text: string, budget: number): { text: string; truncated: boolean } {
  if (budget <= 0) return { text: '', truncated: text.length > 0 };
  if (estimateTokens(text) <= budget) return { text, truncated: false };
  // Walk characters until the budget is spent.
  let cjk = 0;
  let other = 0;
  let end = 0;
  for (const ch of text) {
    if (CJK.test(ch)) cjk++;
    else other++;
    if (cjk + Math.ceil(other / 4) > budget) break;
    end += ch.length;
  }
  const kept = text.slice(0, end);
  const floor = Math.floor(end * 0.8);
  const breaks = ['\n\n', '\n', '. ', '。', '! ', '? ', '！', '？'];
  let cut = -1;
  for (const b of breaks) {
    const at = kept.lastIndexOf(b);
    if (at >= floor) {
      cut = at + b.length;
      break;
    }
  }
  if (cut === -1) {
    const space = kept.lastIndexOf(' ');
    cut = space >= floor ? space : end;
  }
  return { text: kept.slice(0, cut).trimEnd(), truncated: true };
}
