/**
 * Built-ins Fedify 2.3.6 uses that Node 20 lacks (Node 22 has them): `ArrayBuffer.prototype.transfer`, the `Set`
 * methods, `Iterator` and its helpers, and `Uint8Array`'s base64/hex methods. Each core-js module below only defines a
 * missing one (a no-op on Node 22). These are what jsonld's browser build used to install as a side effect, together
 * with replacements of `JSON.stringify` and `Array.prototype.push` that slowed every answer
 * (scripts/patch-dependencies.mjs keeps that build out); those two are not imported here.
 */
import 'core-js/actual/array-buffer/transfer.js';
import 'core-js/actual/array-buffer/transfer-to-fixed-length.js';
import 'core-js/actual/set/union.js';
import 'core-js/actual/set/intersection.js';
import 'core-js/actual/set/difference.js';
import 'core-js/actual/set/symmetric-difference.js';
import 'core-js/actual/set/is-subset-of.js';
import 'core-js/actual/set/is-superset-of.js';
import 'core-js/actual/set/is-disjoint-from.js';
import 'core-js/actual/iterator/index.js';
import 'core-js/actual/typed-array/to-base64.js';
import 'core-js/actual/typed-array/from-base64.js';
import 'core-js/actual/typed-array/to-hex.js';
import 'core-js/actual/typed-array/from-hex.js';
import 'core-js/actual/typed-array/set-from-base64.js';
import 'core-js/actual/typed-array/set-from-hex.js';
