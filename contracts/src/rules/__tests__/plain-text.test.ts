import { findControlCharacters, hasControlCharacters } from '../plain-text';

test('control characters: C0 but tab, LF and CR; DEL and C1; lone surrogates', () => {
  for (const bad of [
    '\u0000',
    'a\u0001b',
    '\u0008',
    '\u000b',
    '\u000c',
    '\u001f',
    '\u007f',
    '\u0085',
    '\u009f',
  ]) {
    expect(hasControlCharacters(bad)).toBe(true);
  }
  expect(hasControlCharacters('x\ud800')).toBe(true);
  expect(hasControlCharacters('\udc00x')).toBe(true);
  expect(hasControlCharacters('\udc00\ud800')).toBe(true);
  for (const good of [
    'Line one\nline two\r\n\tindented',
    'Ọlá Adébáyọ̀',
    'emoji 😀 pair',
    'नमस्ते',
    '\u00a0',
  ]) {
    expect(hasControlCharacters(good)).toBe(false);
  }
});

test('finds the first field holding one, keys and nested values included', () => {
  expect(findControlCharacters({ fullName: 'Ada', email: 'a@b.co' })).toBeUndefined();
  expect(findControlCharacters({ fullName: 'Ada\u0000' })).toBe('fullName');
  expect(findControlCharacters({ a: { b: ['ok', 'no\u0000'] } })).toBe('a.b.1');
  expect(findControlCharacters({ 'key\u0000': 'value' })).toBe('_');
  expect(findControlCharacters('\u0000')).toBe('_');
  expect(findControlCharacters({ n: 1, b: true, z: null })).toBeUndefined();
});

test('a hostile, deeply nested value does not overflow the stack', () => {
  let deep: unknown = 'end\u0000';
  for (let i = 0; i < 100_000; i += 1) deep = [deep];
  expect(findControlCharacters(deep)).toMatch(/^0(\.0)*$/);
});
