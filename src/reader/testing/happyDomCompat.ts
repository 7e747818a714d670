/**
 * Test-only shims that let DOMPurify work under happy-dom as it does in browsers. Import this
 * before anything that creates a DOMPurify instance (DOMPurify captures these functions when
 * the instance is created). Never imported by app code.
 *
 * 1. happy-dom defines `Node.prototype.nodeName` as a getter returning '' and overrides it in
 *    each subclass; DOMPurify reads the base getter directly (to resist DOM clobbering), so
 *    every element looked nameless.
 * 2. happy-dom's NodeIterator stops when its current node is removed; the DOM spec moves the
 *    reference to the preceding node instead. DOMPurify removes the node it is visiting, so
 *    every sibling after a removed element went unsanitised.
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

function following(node: Node, root: Node): Node | null {
  if (node.firstChild) return node.firstChild;
  let n: Node | null = node;
  while (n && n !== root) {
    if (n.nextSibling) return n.nextSibling;
    n = n.parentNode;
  }
  return null;
}

// Walks parents rather than using contains(), which happy-dom may answer from a stale cache.
function isInside(node: Node, root: Node): boolean {
  for (let n: Node | null = node; n; n = n.parentNode) if (n === root) return true;
  return false;
}

function preceding(node: Node): Node | null {
  let n = node.previousSibling;
  if (!n) return node.parentNode;
  while (n.lastChild) n = n.lastChild;
  return n;
}

/** A NodeIterator (nextNode only, no filter callback) that survives removal of its current node. */
function createNodeIterator(this: Document, root: Node, whatToShow = 0xffffffff): NodeIterator {
  let ref: Node | null = null;
  let anchor: Node | null = null;
  const shown = (n: Node) => (whatToShow & (1 << (n.nodeType - 1))) !== 0;
  const iterator = {
    root,
    whatToShow,
    filter: null,
    nextNode(): Node | null {
      let n: Node | null;
      if (ref === null) n = root;
      else {
        const attached = isInside(ref, root);
        n = attached ? following(ref, root) : anchor ? following(anchor, root) : null;
      }
      while (n && !shown(n)) n = following(n, root);
      if (n) {
        ref = n;
        anchor = n === root ? null : preceding(n);
      }
      return n;
    },
    previousNode(): Node | null {
      throw new Error('previousNode is not supported by the test shim');
    },
    detach(): void {},
  };
  return iterator as unknown as NodeIterator;
}

// happy-dom's global `Document` is a per-window subclass: patch the prototype that owns the method.
let owner = Object.getPrototypeOf(document) as object | null;
while (owner && !Object.prototype.hasOwnProperty.call(owner, 'createNodeIterator')) {
  owner = Object.getPrototypeOf(owner) as object | null;
}
Object.defineProperty(owner ?? Document.prototype, 'createNodeIterator', {
  configurable: true,
  writable: true,
  value: createNodeIterator,
});
