import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { META_CONTENT_SECURITY_POLICY } from '../../shared/content-security-policy';
import {
  allowNavigation,
  allowPermission,
  APP_ENTRY_URL,
  CONTENT_SECURITY_POLICY,
  decideWindowOpen,
  isTrustedSender,
  secureWebPreferences,
  withContentSecurityPolicy,
} from '../../electron/security';

function directives(policy: string): Map<string, string> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );
}

describe('secureWebPreferences', () => {
  it('isolates, sandboxes and disables Node and webviews', () => {
    const prefs = secureWebPreferences('/app/dist-electron/preload.cjs');
    expect(prefs).toMatchObject({
      preload: '/app/dist-electron/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      navigateOnDragDrop: false,
      devTools: false,
    });
  });

  it('enables devtools only when asked (unpackaged runs)', () => {
    expect(secureWebPreferences('/p', { devTools: true }).devTools).toBe(true);
  });
});

describe('CONTENT_SECURITY_POLICY', () => {
  const csp = directives(CONTENT_SECURITY_POLICY);

  it('denies by default and allows only our own scripts', () => {
    expect(csp.get('default-src')).toBe("'none'");
    expect(csp.get('script-src')).toBe("'self'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval/);
  });

  it('has exactly the agreed directives', () => {
    expect(Object.fromEntries(csp)).toEqual({
      'default-src': "'none'",
      'script-src': "'self'",
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data:",
      'font-src': "'self' data:",
      'connect-src': "'self'",
      'base-uri': "'none'",
      'form-action': "'none'",
      'frame-ancestors': "'none'",
      'object-src': "'none'",
    });
  });

  it('is what the built page carries in its meta tag, less frame-ancestors (which a meta policy cannot set)', () => {
    // npm test builds the renderer before vitest runs.
    const html = readFileSync(join(import.meta.dirname, '..', '..', 'dist', 'renderer', 'index.html'), 'utf8');
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/u
      .exec(html)?.[1]
      ?.replaceAll('&#39;', "'");
    expect(meta).toBe(META_CONTENT_SECURITY_POLICY);
    const expected = new Map(csp);
    expected.delete('frame-ancestors');
    expect(directives(meta!)).toEqual(expected);
  });

  it('replaces any policy a response carried, whatever its case', () => {
    const headers = withContentSecurityPolicy({
      'content-security-policy': ['default-src *'],
      'Content-Type': ['text/html'],
    });
    expect(headers).toEqual({ 'Content-Type': ['text/html'], 'Content-Security-Policy': CONTENT_SECURITY_POLICY });
    expect(withContentSecurityPolicy(undefined)).toEqual({ 'Content-Security-Policy': CONTENT_SECURITY_POLICY });
  });
});

describe('isTrustedSender', () => {
  it.each([APP_ENTRY_URL, 'app://atlas/', 'app://atlas/index.html#/dispute/1', 'app://atlas/index.html?x=1'])(
    'trusts %s',
    (url) => {
      expect(isTrustedSender(url)).toBe(true);
    },
  );

  it.each([
    'file:///app/dist/renderer/index.html',
    'https://atlas/',
    'http://localhost:5173/',
    'app://atlas.evil.example/',
    'app://evil/',
    'app://user@atlas/',
    'app://atlas:8080/',
    'app:atlas/index.html',
    'devtools://devtools/bundled/index.html',
    'about:blank',
    'data:text/html,<script>1</script>',
    '',
    'not a url',
  ])('refuses %s', (url) => {
    expect(isTrustedSender(url)).toBe(false);
  });

  it('refuses non-strings', () => {
    expect(isTrustedSender(undefined)).toBe(false);
    expect(isTrustedSender(null)).toBe(false);
    expect(isTrustedSender({ toString: () => APP_ENTRY_URL })).toBe(false);
  });
});

describe('navigation, windows and permissions', () => {
  it('never allows navigation, not even to our own origin', () => {
    expect(allowNavigation('https://example.com/')).toBe(false);
    expect(allowNavigation(APP_ENTRY_URL)).toBe(false);
  });

  it('denies every new window, handing a safe web link to the system browser', () => {
    expect(decideWindowOpen('https://example.com/a?b=1')).toEqual({
      response: { action: 'deny' },
      openExternally: 'https://example.com/a?b=1',
    });
  });

  it.each(['javascript:alert(1)', 'file:///etc/passwd', 'data:text/html,x', 'app://atlas/index.html', 'about:blank'])(
    'denies %s without opening anything',
    (url) => {
      expect(decideWindowOpen(url)).toEqual({ response: { action: 'deny' }, openExternally: null });
    },
  );

  it('denies every permission', () => {
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'clipboard-read',
      'openExternal',
      'fullscreen',
      'unknown',
    ]) {
      expect(allowPermission(permission)).toBe(false);
    }
  });
});
