/** FNV-1a over the UTF-16 code units (signed 32 bits): the index's anchors, rules' notes, cache file names. */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h | 0;
}
