/**
 * Bounds of the requirement scan. A file over SCAN_MAX_BYTES, or an import past the depth or count bounds, is reported
 * as pack/entry-not-scanned rather than passed as clean. 4 MB: a 3 MB licence or data comment is still read, a
 * minified bundle of a whole dependency tree is not (meriyah parses ≈ 20 MB/s cold here).
 */
export const SCAN_MAX_BYTES = 4 * 1024 * 1024;
/** Imports followed from the entry: entry → helper → helper's helper … this many steps. */
export const SCAN_MAX_DEPTH = 4;
/** Files read per pack, the entry included. */
export const SCAN_MAX_FILES = 64;
