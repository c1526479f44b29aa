import { describe, expect, it } from 'vitest';
import { findChromium, HOW_TO_GET_CHROMIUM, SYSTEM_CHROMIUMS } from './chromium-executable.ts';

describe('findChromium', () => {
  it('takes CHROME_PATH first', () => {
    expect(
      findChromium(
        { CHROME_PATH: '/opt/chrome' },
        (file) => file === '/opt/chrome' || file === '/usr/bin/chromium',
      ),
    ).toBe('/opt/chrome');
  });

  it('names CHROME_PATH and how to get a browser when it points nowhere', () => {
    expect(() => findChromium({ CHROME_PATH: '/nowhere/chrome' }, () => false)).toThrow(
      'CHROME_PATH is /nowhere/chrome, which does not exist',
    );
  });

  it('falls back to a system install', () => {
    expect(findChromium({}, (file) => file === '/usr/bin/google-chrome')).toBe('/usr/bin/google-chrome');
    expect(SYSTEM_CHROMIUMS).toContain('/usr/bin/chromium');
  });

  it('says every way to get one when none is found', () => {
    expect(() => findChromium({}, () => false)).toThrow(HOW_TO_GET_CHROMIUM);
    expect(HOW_TO_GET_CHROMIUM).toMatch(
      /CHROME_PATH[\s\S]*playwright install chromium[\s\S]*apt-get install chromium/,
    );
  });
});
