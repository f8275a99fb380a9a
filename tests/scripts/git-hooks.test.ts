import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const HOOK = join(ROOT, 'scripts', 'git-hooks', 'commit-msg');
const INSTALL = join(ROOT, 'scripts', 'install-git-hooks.mjs');

function checkMessage(message: string) {
  const file = join(mkdtempSync(join(tmpdir(), 'commit-msg-')), 'COMMIT_EDITMSG');
  writeFileSync(file, message);
  return spawnSync(process.execPath, [HOOK, file], { encoding: 'utf8' });
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.org', ...args], {
    cwd,
    encoding: 'utf8',
  }).trim();
}

/** A scratch repository holding the project's hooks and installer, as a clone would. */
function scratchRepo(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hooks-repo-'));
  git(dir, 'init', '-q');
  cpSync(join(ROOT, 'scripts', 'git-hooks'), join(dir, 'scripts', 'git-hooks'), { recursive: true });
  cpSync(INSTALL, join(dir, 'scripts', 'install-git-hooks.mjs'));
  return dir;
}

describe('the commit-msg hook', () => {
  it('takes a subject of 72 characters, a blank line and a body', () => {
    const result = checkMessage(`${'a'.repeat(72)}\n\nWhy it changed.\n`);
    expect(result.status).toBe(0);
  });

  it('refuses a subject of 73 characters, saying how long it is', () => {
    const result = checkMessage(`${'a'.repeat(73)}\n`);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('the subject is 73 characters; at most 72');
  });

  it('refuses a body that starts on the second line', () => {
    const result = checkMessage('Short subject\nbody right below\n');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('the second line must be blank');
  });

  it('ignores the comment lines git adds below the message', () => {
    const result = checkMessage(`Short subject\n# ${'x'.repeat(100)}\n`);
    expect(result.status).toBe(0);
  });
});

describe('installing the hooks (npm install’s prepare step)', () => {
  it('points git at scripts/git-hooks, so a long subject is refused by git commit', () => {
    const repo = scratchRepo();
    execFileSync(process.execPath, ['scripts/install-git-hooks.mjs'], { cwd: repo });
    expect(git(repo, 'config', '--get', 'core.hooksPath')).toBe('scripts/git-hooks');

    writeFileSync(join(repo, 'file.txt'), 'x');
    git(repo, 'add', 'file.txt');
    const long = spawnSync(
      'git',
      ['-c', 'user.name=t', '-c', 'user.email=t@example.org', 'commit', '-q', '-m', 'b'.repeat(80)],
      {
        cwd: repo,
        encoding: 'utf8',
      },
    );
    expect(long.status).not.toBe(0);
    expect(long.stderr).toContain('the subject is 80 characters');
    git(repo, 'commit', '-q', '-m', 'A short subject');
    expect(git(repo, 'log', '--format=%s')).toBe('A short subject');
  });

  it('leaves hooks the user chose in place', () => {
    const repo = scratchRepo();
    git(repo, 'config', 'core.hooksPath', '.my-hooks');
    execFileSync(process.execPath, ['scripts/install-git-hooks.mjs'], { cwd: repo });
    expect(git(repo, 'config', '--get', 'core.hooksPath')).toBe('.my-hooks');
  });

  it('does nothing outside a git checkout', () => {
    const dir = mkdtempSync(join(tmpdir(), 'no-git-'));
    const result = spawnSync(process.execPath, [INSTALL], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, GIT_CEILING_DIRECTORIES: tmpdir() },
    });
    expect(result.status).toBe(0);
  });
});
