/**
 * Test-only shim: happy-dom defines `Node.prototype.nodeName` as a getter returning '' and
 * overrides it in each subclass. DOMPurify reads that base getter directly (to resist DOM
 * clobbering), so under happy-dom every element looks nameless and sanitising goes wrong.
 * This makes the base getter dispatch to the most derived one, as in browsers.
 * Import it before anything that creates a DOMPurify instance. Never imported by app code.
 */
const base = Object.getOwnPropertyDescriptor(Node.prototype, 'nodeName');

if (base?.get && base.get.call(document.createElement('p')) === '') {
  Object.defineProperty(Node.prototype, 'nodeName', {
    configurable: true,
    get(this: Node): string {
      let proto = Object.getPrototypeOf(this) as object | null;
      while (proto && proto !== Node.prototype) {
        const own = Object.getOwnPropertyDescriptor(proto, 'nodeName');
        if (own?.get) return own.get.call(this) as string;
        proto = Object.getPrototypeOf(proto) as object | null;
      }
      return '';
    },
  });
}
