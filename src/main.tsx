// The engine's worker first: it starts while the rest of this bundle is evaluated (early.ts).
import './engine/early';
// Mantine's base styles before the app's own CSS, which (modules included) wins at equal specificity.
import '@mantine/core/styles.css';
import './theme/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { connectEngineEvents } from './engine/bridge';
import { engineReady } from './engine/client';
import { replayFlagJournal, watchPageLeaving } from './items/flagJournal';
import { queryClient } from './queries/queryClient';
import { installImagePreview } from './reader/useImagePreview';
import { watchPointerKind } from './components/pointerKind';

// Every module of the bundle evaluated (the engine's worker was created before them: early.ts).
performance.mark('rivulet:modules-evaluated');
// Engine events reach the query cache from outside React, once per tab.
connectEngineEvents(queryClient);
// Start the engine now, not when the first lazy screen asks: its worker script and start-up then
// overlap React's first render and the route chunk. A failure here is not lost: engineReady()
// forgets it, and the first query starts again and shows the error with its Retry.
// Then it makes again the flag changes the page before left on their way (flagJournal.ts).
engineReady().then(
  () => replayFlagJournal(),
  () => {},
);
watchPageLeaving();
// One delegated click listener opens the image preview for every article (attached after 1 s).
installImagePreview();
// A mouse or trackpad on a touch screen keeps the hover buttons and tooltips (pointerKind.ts).
watchPointerKind();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
