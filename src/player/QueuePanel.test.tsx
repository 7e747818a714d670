import { FocusTrap, MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Episode } from './episode';
import { getPlayer } from './player';
import { QueuePanel } from './QueuePanel';

const ep = (itemId: number): Episode => ({
  itemId,
  feedId: 1,
  title: `Episode ${itemId}`,
  feedTitle: 'Show',
  url: `https://cdn.example/${itemId}.mp3`,
  type: 'audio/mpeg',
  image: '',
  duration: 60,
});

describe('QueuePanel', () => {
  it('starts the focus of the opened queue on its first episode, not on Clear queue', async () => {
    const player = getPlayer();
    player.setQueue([ep(2), ep(3)]);
    // The mini-player opens the queue in a Popover with trapFocus: a FocusTrap like this one.
    render(
      <MantineProvider env="test">
        <FocusTrap active>
          <div>
            <QueuePanel />
          </div>
        </FocusTrap>
      </MantineProvider>,
    );
    const [first] = screen.getAllByTestId('player-queue-play');
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(document.activeElement).not.toBe(screen.getByTestId('player-queue-clear'));
  });
});
