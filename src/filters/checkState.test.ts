import { describe, expect, it } from 'vitest';
import { type CheckResult, describeCheck } from './checkState';

const syntax: CheckResult = {
  ok: false,
  error: {
    code: 'query_syntax',
    message: "Expected a value after '=' at line 1, column 9 (found the end of the query)",
    position: { offset: 8, line: 1, column: 9, length: 0 },
    expected: [{ kind: 'value' }],
    before: '=',
    found: '',
  },
};

describe('describeCheck', () => {
  it('is checking before the first answer', () => {
    expect(describeCheck({ data: undefined, error: null, fresh: true })).toEqual({
      state: { kind: 'checking' },
      errorAt: null,
    });
  });

  it('reports the count and warnings of a valid query', () => {
    const warnings = [{ code: 'empty_field' as const }];
    const r = describeCheck({ data: { ok: true, total: 12, warnings }, error: null, fresh: true });
    expect(r).toEqual({ state: { kind: 'ok', total: 12, warnings }, errorAt: null });
  });

  it('underlines a fresh syntax error and keeps message and expectations', () => {
    const r = describeCheck({ data: syntax, error: null, fresh: true });
    expect(r.state).toEqual({
      kind: 'error',
      message: syntax.ok ? '' : syntax.error.message,
      expected: [{ kind: 'value' }],
    });
    expect(r.errorAt).toEqual({ offset: 8, length: 0 });
  });

  it('drops the underline of an answer for older text', () => {
    expect(describeCheck({ data: syntax, error: null, fresh: false }).errorAt).toBeNull();
  });

  it('reports an engine failure with its message', () => {
    expect(describeCheck({ data: undefined, error: new Error('worker died'), fresh: true }).state).toEqual({
      kind: 'failed',
      message: 'worker died',
    });
    expect(describeCheck({ data: undefined, error: { message: 'plain' }, fresh: true }).state).toEqual({
      kind: 'failed',
      message: 'plain',
    });
  });
});
