/**
 * Runs a filter query over a JSON data file and prints the matches.
 *
 *   npm run query -- <data.json> '<query>' [--json] [--now <unix seconds>]
 *
 * The data file is `{ groups, feeds, items, readIds?, savedIds? }`. Plain output is `total: N`
 * then one id per line, in result order (LIMIT applied, no paging); `--json` prints
 * `{"total": N, "ids": [...]}`. On any error it prints a message (or `{"error": {...}}`) and
 * exits with status 1. Query warnings go to stderr.
 */
import { readFileSync } from 'node:fs';
import { parseQuery } from '../worker/query/language/parse';
import { evaluateReference, toPlainItems, type QueryData } from '../worker/query/language/reference';

interface Args {
  file: string;
  query: string;
  json: boolean;
  now: number;
}

class CliError extends Error {
  constructor(
    message: string,
    readonly position?: unknown,
  ) {
    super(message);
  }
}

function parseArgs(argv: string[]): Args {
  const rest: string[] = [];
  let json = false;
  let now = Math.floor(Date.now() / 1000);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--json') json = true;
    else if (a === '--now') {
      now = Number(argv[++i]);
      if (!Number.isFinite(now)) throw new CliError('--now needs a number of Unix seconds');
    } else rest.push(a);
  }
  if (rest.length !== 2) {
    throw new CliError("Usage: npm run query -- <data file> '<query>' [--json] [--now <unix seconds>]");
  }
  return { file: rest[0] as string, query: rest[1] as string, json, now };
}

function isNumber(v: unknown): boolean {
  return typeof v === 'number' && Number.isFinite(v);
}

function readData(file: string): QueryData {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new CliError(`Cannot read data file ${file}: ${(err as Error).message}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new CliError(`Data file ${file} is not valid JSON: ${(err as Error).message}`);
  }
  const d = data as Partial<Record<keyof QueryData, unknown>>;
  if (typeof data !== 'object' || data === null)
    throw new CliError(`Data file ${file} must hold a JSON object`);
  for (const key of ['groups', 'feeds', 'items'] as const) {
    if (!Array.isArray(d[key])) throw new CliError(`Data file ${file}: "${key}" must be an array`);
  }
  for (const key of ['readIds', 'savedIds'] as const) {
    if (d[key] !== undefined && !(Array.isArray(d[key]) && d[key].every(isNumber))) {
      throw new CliError(`Data file ${file}: "${key}" must be an array of numbers`);
    }
  }
  (d.items as unknown[]).forEach((item, i) => {
    const it = item as Record<string, unknown> | null;
    for (const field of ['id', 'feedId', 'pubDate']) {
      if (!it || !isNumber(it[field]))
        throw new CliError(`Data file ${file}: items[${i}].${field} must be a number`);
    }
  });
  return data as QueryData;
}

function main(argv: string[]): number {
  const json = argv.includes('--json');
  try {
    const args = parseArgs(argv);
    const data = readData(args.file);
    const parsed = parseQuery(args.query);
    if (!parsed.ok) throw new CliError(parsed.error.message, parsed.error.position);
    const ids = evaluateReference(parsed.query, toPlainItems(data), { now: () => args.now });
    if (args.json) console.log(JSON.stringify({ total: ids.length, ids }));
    else console.log([`total: ${ids.length}`, ...ids.map(String)].join('\n'));
    return 0;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const position = err instanceof CliError ? (err.position ?? null) : null;
    if (json) console.log(JSON.stringify({ error: { message, position } }));
    else console.error(message);
    return 1;
  }
}

process.exitCode = main(process.argv.slice(2));
