import type {RuntimeToken} from '../tokens.js';

/**
 * Node.js builtins (with or without `node:`, any subpath) whose import reaches a primitive. fs is special-cased by
 * the scanners (fs.read, plus fs.write when a write function is called). worker_threads and cluster run code outside
 * the call a host sandboxes, the nearest primitive being subprocess. timers/perf_hooks (clock) are left out: clock
 * gates replay determinism, and every pack reads the time for timestamps.
 */
const NODE_BUILTINS: Readonly<Record<string, RuntimeToken | 'fs'>> = {
  dns: 'net.dns',
  net: 'net.outbound',
  tls: 'net.outbound',
  http: 'net.outbound',
  https: 'net.outbound',
  http2: 'net.outbound',
  dgram: 'net.outbound',
  crypto: 'crypto',
  child_process: 'subprocess',
  worker_threads: 'subprocess',
  cluster: 'subprocess',
  fs: 'fs',
};

/** npm packages that are network clients (a pack bundling its own HTTP client still needs the network). */
const NPM_NETWORK = new Set(['undici', 'ws', 'node-fetch', 'axios']);

/** What importing `specifier` from JavaScript needs; undefined for relative paths and unrelated modules. */
export function javascriptModule(specifier: string): RuntimeToken | 'fs' | undefined {
  const prefixed = specifier.startsWith('node:');
  const base = (prefixed ? specifier.slice(5) : specifier).split('/')[0];
  if (Object.hasOwn(NODE_BUILTINS, base)) return NODE_BUILTINS[base];
  return !prefixed && NPM_NETWORK.has(base) ? 'net.outbound' : undefined;
}

/** The fs functions that change the file system, as called on `fs`, `fs.promises` or imported by name. */
export const FS_WRITES = new Set([
  'writeFile',
  'writeFileSync',
  'appendFile',
  'appendFileSync',
  'createWriteStream',
  'mkdir',
  'mkdirSync',
  'mkdtemp',
  'mkdtempSync',
  'rm',
  'rmSync',
  'rmdir',
  'rmdirSync',
  'unlink',
  'unlinkSync',
  'rename',
  'renameSync',
  'copyFile',
  'copyFileSync',
  'cp',
  'cpSync',
  'truncate',
  'truncateSync',
  'chmod',
  'chmodSync',
  'symlink',
  'symlinkSync',
  'link',
  'linkSync',
  'utimes',
  'utimesSync',
  'open',
  'openSync',
]);

/**
 * Python modules (top-level name, or a dotted prefix) → the primitive importing them needs. hashlib/hmac/secrets count
 * as crypto as node:crypto does; urllib.parse is string handling, so only urllib.request and the client libraries
 * count as network.
 */
const PYTHON_MODULES: Readonly<Record<string, RuntimeToken>> = {
  socket: 'net.outbound',
  ssl: 'net.outbound',
  'urllib.request': 'net.outbound',
  urllib3: 'net.outbound',
  'http.client': 'net.outbound',
  requests: 'net.outbound',
  httpx: 'net.outbound',
  aiohttp: 'net.outbound',
  websockets: 'net.outbound',
  ftplib: 'net.outbound',
  smtplib: 'net.outbound',
  subprocess: 'subprocess',
  multiprocessing: 'subprocess',
  hashlib: 'crypto',
  hmac: 'crypto',
  secrets: 'crypto',
  cryptography: 'crypto',
  shutil: 'fs.write',
};

/** `import a.b.c` → the entry of the longest listed prefix (a.b.c, a.b, a). */
export function pythonModule(dotted: string): {token: RuntimeToken; module: string} | undefined {
  for (let name = dotted; name !== ''; name = name.includes('.') ? name.slice(0, name.lastIndexOf('.')) : '') {
    if (Object.hasOwn(PYTHON_MODULES, name)) return {token: PYTHON_MODULES[name], module: name};
  }
  return undefined;
}
