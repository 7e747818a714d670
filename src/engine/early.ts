/**
 * Imported first by main.tsx, so it runs before the rest of the bundle is evaluated (React,
 * Mantine, the app's screens): the engine's worker is created here, and its script's fetch,
 * compile and start overlap that evaluation instead of waiting for it. Chromium keeps no code
 * cache for module workers, so every start compiles the worker's script again.
 */
import { getEngine } from './client';

getEngine();
