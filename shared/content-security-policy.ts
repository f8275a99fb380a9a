// The one Content-Security-Policy of the renderer, whichever host serves it
// (Electron's app:// protocol or the loopback bridge in browser mode).
//
// style-src needs 'unsafe-inline': ag-grid 36 injects its theme as <style>
// elements at run time (ag-stack _injectGlobalCSS). A nonce would need a
// per-response policy plumbed into the grid's styleNonce; inline CSS cannot
// run script, and img/font/connect stay 'self' so CSS cannot exfiltrate.
const DIRECTIVES = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
];

export const CONTENT_SECURITY_POLICY = DIRECTIVES.join('; ');

/**
 * The same policy for the built page's <meta> tag (defence in depth, should a
 * host forget the header). A meta policy cannot carry frame-ancestors:
 * browsers ignore it there and warn, so the header alone sets it.
 */
export const META_CONTENT_SECURITY_POLICY = DIRECTIVES.filter(
  (directive) => !directive.startsWith('frame-ancestors '),
).join('; ');
