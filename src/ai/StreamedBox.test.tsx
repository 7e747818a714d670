import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../reader/testing/render';
import { AiError } from './errors';
import { StreamedBox, type StreamedBoxProps } from './StreamedBox';

function box(over: Partial<StreamedBoxProps> = {}) {
  const props: StreamedBoxProps = {
    testId: 'box',
    status: 'streaming',
    cached: false,
    busy: true,
    heading: 'Summary',
    stop: { label: 'Stop', onClick: vi.fn(), testId: 'box-stop' },
    again: { label: 'Again', onClick: vi.fn(), testId: 'box-again' },
    hide: { label: 'Hide', onClick: vi.fn(), testId: 'box-hide' },
    onRetry: vi.fn(),
    ...over,
  };
  renderUi(<StreamedBox {...props}>answer so far</StreamedBox>);
  return props;
}

describe('StreamedBox', () => {
  it('while it streams: Stop, no again; the answer and the status on the box', () => {
    const p = box();
    fireEvent.click(screen.getByTestId('box-stop'));
    expect(p.stop.onClick).toHaveBeenCalledOnce();
    expect(screen.queryByTestId('box-again')).toBeNull();
    const el = screen.getByTestId('box');
    expect(el.getAttribute('data-status')).toBe('streaming');
    expect(el.getAttribute('aria-busy')).toBe('true');
    expect(el.textContent).toContain('answer so far');
  });

  it('once done: again and Hide act, Stop is gone; a cached answer is marked', () => {
    const p = box({ busy: false, status: 'done', cached: true });
    expect(screen.queryByTestId('box-stop')).toBeNull();
    fireEvent.click(screen.getByTestId('box-again'));
    fireEvent.click(screen.getByTestId('box-hide'));
    expect(p.again?.onClick).toHaveBeenCalledOnce();
    expect(p.hide.onClick).toHaveBeenCalledOnce();
    expect(screen.getByTestId('box').getAttribute('data-cached')).toBe('true');
  });

  it('a failure shows the error inline with its retry', () => {
    const p = box({ busy: false, status: 'error', error: new AiError('server', 'It broke.', 'Try later.') });
    expect(screen.getByTestId('ai-error-hint').textContent).toBe('Try later.');
    fireEvent.click(screen.getByTestId('ai-retry'));
    expect(p.onRetry).toHaveBeenCalledOnce();
  });
});
