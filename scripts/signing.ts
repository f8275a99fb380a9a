// What code signing and notarisation `npm run dist` can do with the
// environment it has: electron-builder reads the same variables; this only
// says, one line per platform, what will happen and what to set otherwise.

export type SigningPlatform = 'darwin' | 'win32' | 'linux';

const set = (env: NodeJS.ProcessEnv, ...names: string[]): boolean =>
  names.every((name) => (env[name] ?? '').trim() !== '');

export function signingLines(platform: SigningPlatform, env: NodeJS.ProcessEnv): string[] {
  switch (platform) {
    case 'darwin': {
      const identity = set(env, 'CSC_LINK') || set(env, 'CSC_NAME');
      const notarise =
        set(env, 'APPLE_API_KEY', 'APPLE_API_KEY_ID', 'APPLE_API_ISSUER') ||
        set(env, 'APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID') ||
        set(env, 'APPLE_KEYCHAIN', 'APPLE_KEYCHAIN_PROFILE');
      return [
        identity
          ? 'macOS signing: with the certificate from CSC_LINK/CSC_NAME.'
          : 'macOS signing: no CSC_LINK or CSC_NAME set; electron-builder uses a Developer ID from the keychain if there is one, else the app is left unsigned.',
        notarise
          ? 'macOS notarisation: on (Apple credentials found in the environment).'
          : 'macOS notarisation: skipped (set APPLE_API_KEY, APPLE_API_KEY_ID and APPLE_API_ISSUER, or APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD and APPLE_TEAM_ID).',
      ];
    }
    case 'win32':
      return [
        set(env, 'WIN_CSC_LINK') || set(env, 'CSC_LINK')
          ? 'Windows signing: with the certificate from WIN_CSC_LINK/CSC_LINK.'
          : 'Windows signing: skipped (set WIN_CSC_LINK and WIN_CSC_KEY_PASSWORD); SmartScreen will warn about the installer.',
      ];
    case 'linux':
      return ['Linux: deb and AppImage are not signed (the deb is verified by the apt repository that serves it).'];
  }
}

/** The platforms electron-builder will package for, from its command-line flags (the host's by default). */
export function targetPlatforms(args: string[], host: NodeJS.Platform = process.platform): SigningPlatform[] {
  const flags: [SigningPlatform, string[]][] = [
    ['darwin', ['--mac', '-m', '--macos', '-o']],
    ['win32', ['--win', '-w', '--windows']],
    ['linux', ['--linux', '-l']],
  ];
  const chosen = flags.filter(([, names]) => args.some((arg) => names.includes(arg))).map(([platform]) => platform);
  if (chosen.length > 0) return chosen;
  return [host === 'darwin' || host === 'win32' ? host : 'linux'];
}
