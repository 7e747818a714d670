import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../reader/testing/render';
import { CandidateList } from './CandidateList';

describe('CandidateList', () => {
  it('sets each found feed’s title in its language (unknown: lang=""), and an address in none', () => {
    renderUi(
      <CandidateList
        chosen={null}
        onChoose={() => {}}
        candidates={[
          { url: 'https://a.example/feed', title: 'أخبار', format: 'rss', source: 'link', language: 'ar' },
          { url: 'https://b.example/feed', title: 'Notes', format: 'atom', source: 'probe' },
          { url: 'https://c.example/feed', title: '', format: 'rss', source: 'pattern' },
        ]}
      />,
    );
    const ar = screen.getByText('أخبار');
    expect([ar.getAttribute('lang'), ar.getAttribute('dir')]).toEqual(['ar', 'rtl']);
    expect(screen.getByText('Notes').getAttribute('lang')).toBe('');
    expect(screen.getAllByText('https://c.example/feed')[0]!.getAttribute('lang')).toBeNull();
  });
});
