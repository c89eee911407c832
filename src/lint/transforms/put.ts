/**
 * Sets an own property, whatever its name: a schema read from JSON may have a key "__proto__", which plain assignment
 * would take as the object's prototype (the key lost, the copy's prototype changed).
 */
export function put(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, {value, enumerable: true, writable: true, configurable: true});
}
