// Formats benchmark rows as a Markdown table and writes latest.md / latest.json.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const num = (v) => {
  if (v === null || v === undefined || Number.isNaN(v)) return '—';
  const a = Math.abs(v);
  if (a >= 10_000) return Math.round(v).toLocaleString('en');
  if (a >= 100) return v.toFixed(0);
  if (a >= 10) return v.toFixed(1);
  return v.toFixed(2);
};

/** "median (p25–p75)" or "median (second figure)" when the unit names one in parentheses. */
function cell(s, unit) {
  if (!s) return 'n/a';
  if (s.n <= 1) return num(s.median);
  if (/\(p95\)|\(median\)/.test(unit)) return `${num(s.median)} (${num(s.p95)})`;
  return `${num(s.median)} (${num(s.p25)}–${num(s.p75)})`;
}

/** The results table in Markdown. */
export function toMarkdown(rows) {
  const lines = [
    '| benchmark | case | unit | Rivulet | anchor | anchor is | ratio | target | result | note |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    const ratio =
      r.ratio === null || r.ratio === undefined || Number.isNaN(r.ratio) ? '—' : `${num(r.ratio)}×`;
    lines.push(
      `| ${r.bench} | ${r.case} | ${r.unit} | ${cell(r.subject, r.unit)} | ${cell(r.anchor, r.unit)} | ${r.anchorName} | ${ratio} | ${r.target} | ${r.status} | ${(r.note ?? '').replace(/\|/g, '/')} |`,
    );
  }
  return lines.join('\n');
}

/** Markdown document: header with machine and corpus, then the table. */
export function toDocument(meta, rows) {
  return [
    `# Rivulet benchmarks — ${meta.date}`,
    '',
    `Corpus ${meta.size.toLocaleString('en')} items (seed ${meta.seed}), ${meta.runs} counterbalanced runs (A B, B A, …) after a warm-up` +
      `${meta.smoke ? ' (smoke run: no thresholds apply)' : ''}. ${meta.chromium}; ${meta.cpu} × ${meta.cores} cores, ` +
      `${meta.memGB} GB RAM, ${meta.platform}; 1-min load average ${meta.loadAverage ?? 'n/a'}. Total ${meta.seconds} s.`,
    '',
    'Cells: median (p25–p75), or median (p95) where the unit says so; "—" = not applicable.',
    '',
    toMarkdown(rows),
    '',
    ...(meta.notes.length ? ['Notes:', '', ...meta.notes.map((n) => `- ${n}`), ''] : []),
  ].join('\n');
}

/**
 * `base` when no `${base}.md` exists yet, else the first free `${base}-2`, `${base}-3`, …: a
 * second full run on one day must not overwrite the first run's committed results.
 */
export function freeResultsName(base, exists = (path) => existsSync(path)) {
  if (!exists(`${base}.md`)) return base;
  let n = 2;
  while (exists(`${base}-${n}.md`)) n++;
  return `${base}-${n}`;
}

/** Writes `<base>.md` and `<base>.json`. */
export function writeResults(base, meta, rows) {
  mkdirSync(dirname(base), { recursive: true });
  writeFileSync(`${base}.md`, toDocument(meta, rows));
  writeFileSync(`${base}.json`, JSON.stringify({ meta, rows }, null, 2) + '\n');
}
