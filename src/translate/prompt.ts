// The translation prompt is shared with the engine's translate rule action.
export * from '../../shared/translatePrompt';
