import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetSettings, updateSettings } from '../settings/useSettings';
import { formatNumber, formatRelative, getLanguage, subscribeLanguage, t, useI18n, useT } from './index';

afterEach(() => {
  cleanup();
  act(() => resetSettings('general'));
  vi.restoreAllMocks();
});

function Label() {
  const t = useT();
  return <span data-testid="label">{t('nav.all')}</span>;
}

const NOW = Date.UTC(2026, 2, 5, 12);

function Counts() {
  const { formatNumber, formatRelative } = useI18n();
  return (
    <span data-testid="counts">{`${formatNumber(1234)} ${formatRelative(NOW - 3 * 3600_000, NOW)}`}</span>
  );
}

describe('the language in effect', () => {
  it('is English in tests (happy-dom says en-US) with the default setting', () => {
    expect(getLanguage()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(t('nav.all')).toBe('All articles');
  });

  it('follows the setting live: t, formatters, <html lang> and subscribers', () => {
    const listener = vi.fn();
    const stop = subscribeLanguage(listener);
    updateSettings('general', { language: 'zh-CN' });
    expect(getLanguage()).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(t('nav.all')).toBe('全部文章');
    expect(formatRelative(Date.now() - 3 * 3600_000)).toBe('3小时前');
    expect(listener).toHaveBeenCalledOnce();
    // A change elsewhere in settings does not count as a language change.
    updateSettings('general', { autoRead: false });
    expect(listener).toHaveBeenCalledOnce();
    updateSettings('general', { language: 'en' });
    expect(t('nav.all')).toBe('All articles');
    expect(formatNumber(1234.5)).toBe('1,234.5');
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    updateSettings('general', { language: 'zh-CN' });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('re-renders components that use useT / useI18n', () => {
    render(
      <>
        <Label />
        <Counts />
      </>,
    );
    expect(screen.getByTestId('label').textContent).toBe('All articles');
    expect(screen.getByTestId('counts').textContent).toBe('1,234 3 hours ago');
    act(() => updateSettings('general', { language: 'zh-CN' }));
    expect(screen.getByTestId('label').textContent).toBe('全部文章');
    expect(screen.getByTestId('counts').textContent).toBe('1,234 3小时前');
  });

  it('with auto, follows the browser when its languages change', () => {
    const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['zh-CN', 'en']);
    window.dispatchEvent(new Event('languagechange'));
    expect(getLanguage()).toBe('zh-CN');
    // An explicit setting wins over the browser.
    updateSettings('general', { language: 'en' });
    expect(getLanguage()).toBe('en');
    updateSettings('general', { language: 'auto' });
    expect(getLanguage()).toBe('zh-CN');
    languages.mockReturnValue(['en-US']);
    window.dispatchEvent(new Event('languagechange'));
    expect(getLanguage()).toBe('en');
  });
});
