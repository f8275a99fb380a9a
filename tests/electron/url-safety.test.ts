import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSafeExternalUrl, safeExternalUrl } from '../../electron/security';

describe('isSafeExternalUrl', () => {
  it.each([
    ['https://example.com', 'https://example.com/'],
    ['http://example.com/path?q=1#frag', 'http://example.com/path?q=1#frag'],
    ['HTTPS://EXAMPLE.COM/Path', 'https://example.com/Path'],
    ['HtTp://example.com', 'http://example.com/'],
    ['https://例え.jp/ページ', 'https://xn--r8jz45g.jp/%E3%83%9A%E3%83%BC%E3%82%B8'],
    ['https://example.com/a b', 'https://example.com/a%20b'],
    ['https://127.0.0.1:8080/x', 'https://127.0.0.1:8080/x'],
  ])('accepts %s as %s', (url, normalised) => {
    expect(safeExternalUrl(url)).toBe(normalised);
    expect(isSafeExternalUrl(url)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'JavaScript:alert(document.domain)',
    'java\nscript:alert(1)',
    'java\tscript:alert(1)',
    ' javascript:alert(1)',
    '\u0000javascript:alert(1)',
    'vbscript:msgbox(1)',
    'VBScript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'DATA:text/html;base64,PHNjcmlwdD4=',
    'file:///etc/passwd',
    'FILE:///C:/Windows/win.ini',
    'file://server/share',
    'app://atlas/index.html',
    'about:blank',
    'blob:https://example.com/uuid',
    'ftp://example.com/',
    'mailto:a@example.com',
    'chrome://settings',
    'ms-settings:',
    '//example.com/path',
    '/relative/path',
    'relative/path',
    'example.com',
    '#fragment',
    'http:example.com',
    'https:/example.com',
    'https:\\\\example.com',
    'http://',
    'https:///path',
    'http://user:pass@example.com/',
    'http://user@example.com/',
    'https://bank.example@evil.example/',
    ' https://example.com',
    'https://example.com ',
    'https://example.com\n',
    'https://exa\tmple.com',
    'https://example.com/\r\nSet-Cookie:x',
    '',
    `https://example.com/${'a'.repeat(9000)}`,
  ])('refuses %j', (url) => {
    expect(safeExternalUrl(url)).toBeNull();
    expect(isSafeExternalUrl(url)).toBe(false);
  });

  it('refuses non-strings', () => {
    for (const value of [undefined, null, 42, {}, ['https://example.com'], new URL('https://example.com')]) {
      expect(isSafeExternalUrl(value)).toBe(false);
    }
  });

  it('never returns anything but a credential-free http(s) URL with a host', () => {
    const candidate = fc.oneof(
      fc.string(),
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc
        .tuple(fc.constantFrom('http://', 'https://', 'javascript:', 'HTTP://', 'file://', 'data:', ' '), fc.string())
        .map(([a, b]) => a + b),
    );
    fc.assert(
      fc.property(candidate, (raw) => {
        const safe = safeExternalUrl(raw);
        if (safe === null) return;
        const url = new URL(safe);
        expect(['http:', 'https:']).toContain(url.protocol);
        expect(url.hostname).not.toBe('');
        expect(url.username + url.password).toBe('');
        // Idempotent: what we open is itself accepted unchanged.
        expect(safeExternalUrl(safe)).toBe(safe);
      }),
      { numRuns: 2000 },
    );
  });
});
