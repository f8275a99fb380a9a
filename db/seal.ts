// Text that is or may repeat gold is kept sealed in the store, so a copied or
// committed store file shows no gold in plain text. Same XOR scheme as the
// dataset; the key lives in the store's meta table.
import { decryptText, encryptText } from '../shared/crypto';
import type { Db } from './store';

export class Sealer {
  constructor(private readonly key: string) {}

  seal(text: string): string;
  seal(text: string | null | undefined): string | null;
  seal(text: string | null | undefined): string | null {
    return text === null || text === undefined ? null : encryptText(text, this.key);
  }

  open(sealed: string): string;
  open(sealed: string | null | undefined): string | null;
  open(sealed: string | null | undefined): string | null {
    return sealed === null || sealed === undefined ? null : decryptText(sealed, this.key);
  }

  sealJson(value: unknown): string {
    return encryptText(JSON.stringify(value), this.key);
  }

  openJson<T>(sealed: string | null | undefined, fallback: T): T {
    if (sealed === null || sealed === undefined) return fallback;
    return JSON.parse(decryptText(sealed, this.key)) as T;
  }

  /** `unseal(x)` in SQL, for text search over sealed columns. */
  register(db: Db): void {
    db.function('unseal', { deterministic: true }, (sealed: unknown) =>
      typeof sealed === 'string' ? decryptText(sealed, this.key) : null,
    );
  }
}
