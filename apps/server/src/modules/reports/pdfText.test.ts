import { describe, expect, it } from 'vitest';
import { breakPieces } from './pdfText.ts';

describe("a table header's word too wide for its column", () => {
  it('breaks Burmese between syllables, never inside one', () => {
    expect(breakPieces('ရုတ်တရက်')).toEqual(['ရုတ်', 'တ', 'ရက်']);
    // The final consonant with the dot below before its asat, and a stacked consonant, stay whole.
    expect(breakPieces('အရှိန်မြှင့်')).toEqual(['အ', 'ရှိန်', 'မြှင့်']);
    expect(breakPieces('စက်ပစ္စည်း')).toEqual(['စက်', 'ပစ္စည်း']);
    // Kinzi (င်္) belongs to the syllable it sits on.
    expect(breakPieces('သင်္ချိုင်း')).toEqual(['သင်္ချိုင်း']);
  });

  it('breaks other scripts between letters', () => {
    expect(breakPieces('gyro')).toEqual(['g', 'y', 'r', 'o']);
  });
});
