import { describe, expect, it } from 'vitest';
import { joinFilePath } from './files.js';

describe('joinFilePath (3.x FilePath + FileName)', () => {
  it.each([
    ['resources/', '01.flac', 'resources/01.flac'],
    ['assets', '01.flac', 'assets/01.flac'],
    [null, '01.flac', '01.flac'],
    ['', '01.flac', '01.flac'],
    ['./media/', 'a b.wav', 'media/a b.wav'],
    ['resources\\', '01.flac', 'resources/01.flac'],
    ['/abs/dir', 'x.jpg', '/abs/dir/x.jpg'],
    ['resources/', null, null],
    ['resources/', '', null],
  ])('%s + %s -> %s', (filePath, fileName, expected) => {
    expect(joinFilePath(filePath, fileName)).toBe(expected);
  });
});
