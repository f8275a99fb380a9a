// Encrypting patch text with each task's canary (design.md §4.1). The Sealer
// implements the same XOR-with-sha256 scheme as shared/crypto.ts encryptText,
// byte for byte (tests/db/seal.fuzz.test.ts), with Node's native UTF-8 and
// base64 codecs; one per task, so the key is derived once per task, and the
// canary is looked up once per task rather than once per operation.
import { Sealer } from '../seal';
import type { Store } from '../store';

export type TextCipher = (text: string) => string;

/** `cipherOf(taskId)`: the task's encryption, or undefined when the task (so its canary) is unknown. */
export function taskCiphers(store: Store): (taskId: string) => TextCipher | undefined {
  const canaryOf = store.db.prepare<[string], { canary: string }>('SELECT canary FROM tasks WHERE task_id = ?');
  const ciphers = new Map<string, TextCipher | undefined>();
  return (taskId) => {
    if (ciphers.has(taskId)) return ciphers.get(taskId);
    const row = canaryOf.get(taskId);
    let cipher: TextCipher | undefined;
    if (row) {
      const sealer = new Sealer(row.canary);
      cipher = (text) => sealer.seal(text);
    }
    ciphers.set(taskId, cipher);
    return cipher;
  };
}
