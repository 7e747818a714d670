import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../reader/testing/render';
import { AiErrorNotice } from './AiErrorNotice';
import { AiError } from './errors';

describe('AiErrorNotice', () => {
  it('says "not configured" once, in one line with the way to the settings', () => {
    renderUi(
      <AiErrorNotice
        error={new AiError('not_configured', 'AI is not configured.', 'Add an endpoint.')}
        onRetry={() => undefined}
      />,
    );
    const notice = screen.getByTestId('ai-error');
    expect(notice.textContent).toBe('AI is not configured. Set up AI in Settings → Integrations');
    expect(screen.queryByTestId('ai-retry')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a real failure keeps its title, hint and Try again', () => {
    renderUi(
      <AiErrorNotice error={new AiError('server', 'It broke.', 'Try later.')} onRetry={() => undefined} />,
    );
    expect(screen.getByTestId('ai-error-hint').textContent).toBe('Try later.');
    expect(screen.getByTestId('ai-retry')).toBeTruthy();
  });
});
