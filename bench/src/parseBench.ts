/**
 * parse: feed bodies of 100 KB–5 MB (real corpus files handed over by the Node harness, plus
 * generated big RSS bodies) through the engine's read path (decode → feedsmith → normalise) vs
 * feedsmith's `parseFeed` on the same bytes, both inside the same worker, in counterbalanced
 * pairs (stats.ts `interleave`). MB/s = total bytes ÷ the sum of per-file median times.
 */
import { corpus } from './seed';
import { interleave, summarize, verdict, type BenchRow } from './stats';
import { ingestWorker } from './workers';

/** One body to parse. */
export interface ParseInput {
  name: string;
  bytes: Uint8Array;
}

const MB = 1024 * 1024;

/** Runs the parse benchmark over the given files plus generated bodies of ~2 and ~5 MB. */
export async function benchParse(files: ParseInput[], runs: number, generate: boolean): Promise<BenchRow[]> {
  const w = ingestWorker();
  const inputs = [...files];
  if (generate) {
    const spec = corpus().spec;
    inputs.push({ name: 'generated-2MB.rss', bytes: await w.generated(spec, 1500) });
    inputs.push({ name: 'generated-5MB.rss', bytes: await w.generated(spec, 3700) });
  }
  let bytes = 0;
  let engineMs = 0;
  let anchorMs = 0;
  const skipped: string[] = [];
  let worst = { name: '', ratio: 0 };
  for (const input of inputs) {
    try {
      await w.parse(input.bytes);
      await w.feedsmith(input.bytes);
    } catch {
      skipped.push(input.name);
      continue;
    }
    // The calls above were the warm-up pair; then `runs` counterbalanced pairs.
    const times = await interleave(
      runs,
      async () => (await w.parse(input.bytes)).ms,
      async () => (await w.feedsmith(input.bytes)).ms,
      { ms: Infinity, minRuns: runs, warmUp: false },
    );
    const em = summarize(times.subject).median;
    const am = summarize(times.anchor).median;
    if (em / am > worst.ratio) worst = { name: input.name, ratio: em / am };
    bytes += input.bytes.length;
    engineMs += em;
    anchorMs += am;
  }
  const subject = bytes / MB / (engineMs / 1000);
  const anchor = bytes / MB / (anchorMs / 1000);
  const ratio = subject / anchor;
  return [
    {
      bench: 'parse',
      case: `${inputs.length - skipped.length} feeds, ${(bytes / MB).toFixed(1)} MB`,
      unit: 'MB/s',
      subject: summarize([subject]),
      anchor: summarize([anchor]),
      anchorName: 'feedsmith parseFeed',
      ratio,
      target: '≥ 0.9×',
      status: verdict(ratio >= 0.9),
      note:
        `slowest file vs anchor: ${worst.name} ${worst.ratio.toFixed(2)}×` +
        (skipped.length ? `; skipped (not parseable by both): ${skipped.join(', ')}` : ''),
    },
  ];
}
