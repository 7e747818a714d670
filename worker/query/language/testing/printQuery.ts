import type { Condition, QueryAst, ValueExpr } from '../ast';

function printString(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

function printField(name: string): string {
  return /^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$/.test(name)
    ? name
    : `"${name.replace(/\\/g, '\\\\').replace(/"/g, '""')}"`;
}

/** Query text for a value expression. */
export function printValue(v: ValueExpr): string {
  switch (v.type) {
    case 'literal':
      if (typeof v.value === 'string') return printString(v.value);
      return v.value === null ? 'NULL' : String(v.value).toUpperCase();
    case 'now':
      return 'NOW()';
    case 'unixTimestamp':
      return `UNIX_TIMESTAMP(${v.arg ? printValue(v.arg) : ''})`;
    case 'dateSub':
      return `DATE_SUB(${printValue(v.base)}, INTERVAL ${v.amount} ${v.unit.toUpperCase()})`;
  }
}

/** Query text for a condition; every child of AND/OR is parenthesised so the tree round-trips. */
export function printCondition(c: Condition): string {
  switch (c.type) {
    case 'and':
    case 'or':
      return c.conditions.map((x) => `(${printCondition(x)})`).join(` ${c.type.toUpperCase()} `);
    case 'not':
      return `NOT (${printCondition(c.condition)})`;
    case 'compare':
      return `${printField(c.field)} ${c.op} ${printValue(c.value)}`;
    case 'like':
      return `${printField(c.field)} ${c.negated ? 'NOT LIKE' : 'LIKE'} ${printValue(c.value)}`;
    case 'in':
      return `${printField(c.field)} ${c.negated ? 'NOT IN' : 'IN'} (${c.values.map(printValue).join(', ')})`;
    case 'between':
      return `${printField(c.field)} BETWEEN ${printValue(c.low)} AND ${printValue(c.high)}`;
    case 'badBetween':
      return `${printField(c.field)} BETWEEN ${c.text}`;
  }
}

/** Query text for a whole query (the inverse of parseQuery, up to spacing and case). */
export function printQuery(q: QueryAst): string {
  const parts: string[] = [];
  if (q.where) parts.push(`WHERE ${printCondition(q.where)}`);
  if (q.orderBy) parts.push(`ORDER BY ${printField(q.orderBy.field)} ${q.orderBy.direction.toUpperCase()}`);
  if (q.limit !== null) parts.push(`LIMIT ${q.limit}`);
  return parts.join(' ');
}
