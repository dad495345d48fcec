/** Wraps around at both ends: previous of the first is the last, next of the last is the first. */
export function wrapIndex(index: number, length: number): number {
  if (length <= 0) return 0;
  return ((index % length) + length) % length;
}
