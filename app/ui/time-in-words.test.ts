import { describe, expect, it } from 'vitest';
import { timeInWords } from './time-in-words.ts';

describe('times in words', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const earlier = (ms: number) => new Date(now.getTime() - ms);

  it('says how long ago, in the largest whole unit, singular where it is one', () => {
    expect(timeInWords(earlier(20_000), now)).toBe('just now');
    expect(timeInWords(earlier(60_000), now)).toBe('1 minute ago');
    expect(timeInWords(earlier(59 * 60_000), now)).toBe('59 minutes ago');
    expect(timeInWords(earlier(2 * 3_600_000 + 5 * 60_000), now)).toBe('2 hours ago');
    expect(timeInWords(earlier(26 * 3_600_000), now)).toBe('1 day ago');
    expect(timeInWords(earlier(6 * 86_400_000), now)).toBe('6 days ago');
  });

  it('gives the date past a week, and "just now" for a time slightly ahead', () => {
    expect(timeInWords(new Date('2026-10-01T08:00:00Z'), now)).toBe('on 1 Oct 2026');
    expect(timeInWords(new Date('2026-11-24T12:00:05Z'), now)).toBe('just now');
  });
});
