/**
 * `read` remembered by its text: a message repeats a few values on every track, deal or release
 * (dates, durations, genre names), and several rules read each. At most `size` texts are kept; the
 * memo is emptied when full, so a long-running server keeps helping with the messages it reads now.
 * Results are shared between callers: `read` returns values nobody changes.
 */
export function memoByText<T>(read: (text: string) => T, size = 4096): (text: string) => T {
  const known = new Map<string, T>();
  return (text) => {
    const had = known.get(text);
    if (had !== undefined || known.has(text)) return had as T;
    if (known.size >= size) known.clear();
    const value = read(text);
    known.set(text, value);
    return value;
  };
}
