import { nextCountrySelection } from '../country-selection';
import { messagePreview } from '../message-preview';

describe('nextCountrySelection (spec §5: All Countries is the only selection)', () => {
  test('choosing All Countries drops the others', () => {
    expect(nextCountrySelection([1, 2], [1, 2, 0])).toEqual([0]);
  });
  test('choosing a country while All Countries is selected replaces it', () => {
    expect(nextCountrySelection([0], [0, 2])).toEqual([2]);
  });
  test('countries alone are kept as picked', () => {
    expect(nextCountrySelection([1], [1, 2])).toEqual([1, 2]);
    expect(nextCountrySelection([1, 2], [2])).toEqual([2]);
    expect(nextCountrySelection([0], [])).toEqual([]);
  });
});

describe('messagePreview', () => {
  test('short text is shown whole', () => {
    expect(messagePreview('<p>Hello <strong>all</strong></p>')).toEqual({
      full: 'Hello all',
      shown: 'Hello all',
      truncated: false,
    });
  });
  test('long text is cut at a word with an ellipsis; paragraphs read as spaces', () => {
    const preview = messagePreview(`<p>${'word '.repeat(30)}</p><p>end</p>`, 20);
    expect(preview.truncated).toBe(true);
    expect(preview.shown).toBe('word word word word…');
    expect(preview.full.endsWith('word end')).toBe(true);
  });
});
