import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../reader/testing/render';
import { QueryEditor } from './QueryEditor';

describe('QueryEditor', () => {
  it('underlines the error span in the overlay and marks the field invalid', () => {
    renderUi(
      <QueryEditor
        value="title = rust"
        onChange={() => {}}
        onRun={() => {}}
        errorAt={{ offset: 8, length: 4 }}
      />,
    );
    expect(screen.getByTestId('query-error-span').textContent).toBe('rust');
    expect(screen.getByTestId('query-overlay').textContent).toBe('title = rust');
    expect(screen.getByTestId('query-input').getAttribute('aria-invalid')).toBe('true');
  });

  it('draws no underline without an error', () => {
    renderUi(<QueryEditor value="isRead = false" onChange={() => {}} onRun={() => {}} errorAt={null} />);
    expect(screen.queryByTestId('query-error-span')).toBeNull();
    expect(screen.getByTestId('query-input').getAttribute('aria-invalid')).toBeNull();
  });

  it('runs on Enter and Ctrl+Enter, but Shift+Enter is a new line', () => {
    const onRun = vi.fn();
    renderUi(<QueryEditor value="a = 1" onChange={() => {}} onRun={onRun} errorAt={null} />);
    const input = screen.getByTestId('query-input');
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.keyDown(input, { key: 'Enter', ctrlKey: true });
    expect(onRun).toHaveBeenCalledTimes(2);
    const shifted = fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(shifted).toBe(true); // not prevented: the textarea inserts the newline
    expect(onRun).toHaveBeenCalledTimes(2);
  });

  it('reports edits', () => {
    const onChange = vi.fn();
    renderUi(<QueryEditor value="" onChange={onChange} onRun={() => {}} errorAt={null} />);
    fireEvent.change(screen.getByTestId('query-input'), { target: { value: 'isRead' } });
    expect(onChange).toHaveBeenCalledWith('isRead');
  });
});
