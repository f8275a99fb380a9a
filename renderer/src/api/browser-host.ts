// The host bridge in browser mode: opening a link is a new tab, and only for
// http(s) URLs that pass the same check as the rest of the app.
import { classifyUrl } from '../lib/urls';
import type { HostBridge } from '../../../shared/host';

type OpenWindow = (url: string, target: string, features: string) => unknown;

export function createBrowserHost(openWindow: OpenWindow): HostBridge {
  return {
    kind: 'browser',
    openExternal(url: string): Promise<void> {
      const checked = classifyUrl(url);
      if (!checked.safe) return Promise.reject(new Error(`Refused to open an unsafe link (${checked.reason}).`));
      openWindow(checked.href, '_blank', 'noopener,noreferrer');
      return Promise.resolve();
    },
  };
}
