import * as Comlink from 'comlink';

/**
 * Makes thrown errors keep `code` and `details` across Comlink. Comlink's built-in "throw"
 * handler sends only { message, name, stack } and, on the receiving side, rebuilds the error
 * with `Object.assign(new Error(message), value)`. So it is enough to add our fields on the
 * sending side: the UI needs no handler of its own and receives an Error carrying
 * `code`, `message` and `details` (the EngineErrorShape). Call once in the worker.
 */
export function installErrorTransfer(): void {
  const builtin = Comlink.transferHandlers.get('throw');
  if (!builtin) return;
  Comlink.transferHandlers.set('throw', {
    canHandle: (value): value is unknown => builtin.canHandle(value),
    serialize(thrown) {
      const { value } = thrown as { value: unknown };
      if (!(value instanceof Error)) return builtin.serialize(thrown);
      const extra = value as Error & { code?: unknown; details?: unknown };
      let details: unknown = extra.details;
      try {
        structuredClone(details);
      } catch {
        details = undefined; // details that cannot be cloned would break the whole reply
      }
      const wire = {
        isError: true,
        value: {
          message: value.message,
          name: value.name,
          stack: value.stack,
          code: extra.code ?? 'internal',
          details,
        },
      };
      return [wire, []];
    },
    deserialize: (wire) => builtin.deserialize(wire),
  });
}
