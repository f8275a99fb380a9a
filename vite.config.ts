// Builds the renderer (renderer/) into dist/renderer/ for both hosts: Electron
// loads it from a custom protocol and the loopback bridge serves it over HTTP,
// so every asset URL must be relative (base './').
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { META_CONTENT_SECURITY_POLICY } from './shared/content-security-policy.ts';

// Defence in depth: the hosts send a strict CSP header; the built page carries
// the same policy (shared/content-security-policy.ts) so it holds even if a
// host forgets. Build only, because the dev server's React refresh preamble is
// an inline script.
function contentSecurityPolicy(): Plugin {
  return {
    name: 'atlas-csp-meta',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: META_CONTENT_SECURITY_POLICY },
        injectTo: 'head-prepend',
      },
    ],
  };
}

// `vite build --mode profiling` (the bench's --trace): React's profiling build,
// which times every component's render, and names left unminified.
export default defineConfig(({ mode }) => ({
  root: 'renderer',
  base: './',
  plugins: [react(), contentSecurityPolicy()],
  ...(mode === 'profiling' ? { resolve: { alias: { 'react-dom/client': 'react-dom/profiling' } } } : {}),
  build: {
    ...(mode === 'profiling' ? { minify: false } : {}),
    outDir: '../dist/renderer',
    emptyOutDir: true,
    // The polyfill would be harmless, but nothing we target lacks modulepreload.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 2000,
  },
}));
