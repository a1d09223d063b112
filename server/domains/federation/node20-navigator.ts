/**
 * Node 20 has no global `navigator` (Node 21 added it). Fedify reads `navigator?.userAgent` before importing an Ed25519
 * JWK, which throws a ReferenceError on an undeclared global: this defines the same value Node 21+ has. Imported first by
 * the federation runtime; a no-op on Node 21 and later.
 */
if (!('navigator' in globalThis)) {
  Object.defineProperty(globalThis, 'navigator', { value: { userAgent: `Node.js/${process.versions.node.split('.')[0]}` }, configurable: true, writable: true });
}

export {};
