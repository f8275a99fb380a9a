import { describe, expect, it } from 'vitest';
import { classifyUrl, isSafeUrl, shortenMiddle } from '../../../renderer/src/lib/urls';

describe('classifyUrl', () => {
  it('accepts http(s) and splits host and path for display', () => {
    const c = classifyUrl('https://www.metacritic.com/game/the-legend-of-zelda-ocarina-of-time-3d/?x=1#top');
    expect(c).toEqual({
      safe: true,
      href: 'https://www.metacritic.com/game/the-legend-of-zelda-ocarina-of-time-3d/?x=1#top',
      host: 'www.metacritic.com',
      path: '/game/the-legend-of-zelda-ocarina-of-time-3d/?x=1#top',
    });
    expect(classifyUrl('http://example.org').safe).toBe(true);
  });

  it('trims surrounding whitespace but hands on only the normalised href', () => {
    const c = classifyUrl('  https://Example.ORG/a b  ');
    expect(c.safe && c.href).toBe('https://example.org/a%20b');
  });

  it.each([
    ['javascript:alert(1)', 'javascript: link'],
    ['JaVaScRiPt:alert(1)', 'javascript: link'],
    ['java\nscript:alert(1)', 'control characters'],
    ['file:///etc/passwd', 'file: link'],
    ['data:text/html,<script>alert(1)</script>', 'data: link'],
    ['vbscript:msgbox', 'vbscript: link'],
    ['https://trusted.example@evil.example/', 'credentials in URL'],
    ['https://user:pw@example.org/', 'credentials in URL'],
    ['//evil.example/path', 'not a URL'],
    ['not a url', 'not a URL'],
    ['https:example.org', 'malformed http(s) link'],
  ])('marks %j unsafe (%s)', (raw, reason) => {
    const c = classifyUrl(raw);
    expect(c.safe).toBe(false);
    if (!c.safe) {
      expect(c.reason).toBe(reason);
      expect(c.text).toBe(raw.trim());
    }
    expect(isSafeUrl(raw)).toBe(false);
  });

  it('shows a look-alike host as the parser reads it (punycode)', () => {
    const c = classifyUrl('https://exаmple.com/'); // Cyrillic а
    expect(c.safe && c.host).toBe('xn--exmple-4nf.com');
  });

  it('marks empty input unsafe', () => {
    expect(classifyUrl('   ').safe).toBe(false);
  });

  it('shortens long paths in the middle', () => {
    const long = `https://example.org/${'a'.repeat(100)}/end.html`;
    const c = classifyUrl(long);
    expect(c.safe && c.path.length).toBe(72);
    expect(c.safe && c.path.endsWith('end.html')).toBe(true);
  });
});

describe('shortenMiddle', () => {
  it('keeps short text and cuts long text to the limit', () => {
    expect(shortenMiddle('abc', 5)).toBe('abc');
    const cut = shortenMiddle('abcdefghijklmnopqrstuvwxyz', 10);
    expect(cut).toHaveLength(10);
    expect(cut).toContain('…');
    expect(cut).toBe('abcdef…xyz');
  });
});
