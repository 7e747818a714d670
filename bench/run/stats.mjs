// Figures shared by the harness's steps: a sample's median and spread, a row's verdict.

export const MB = 1024 * 1024;

/** Median, quartiles, p95, min and max of a sample (linear interpolation between ranks). */
export const summarize = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p) => {
    if (!s.length) return NaN;
    const pos = (s.length - 1) * p;
    const lo = Math.floor(pos);
    const hi = Math.ceil(pos);
    return s[lo] + (s[hi] - s[lo]) * (pos - lo);
  };
  return {
    median: q(0.5),
    p25: q(0.25),
    p75: q(0.75),
    p95: q(0.95),
    min: s[0],
    max: s[s.length - 1],
    n: s.length,
  };
};
export const verdict = (ok) => (ok === null ? 'n/a' : ok ? 'PASS' : 'MISS');
export const med = (xs) => (xs.length ? Math.round(summarize(xs).median) : 'n/a');
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
