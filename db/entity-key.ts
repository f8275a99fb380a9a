import { normalizeText } from '../shared/normalize';
import { sha256Hex } from './hash';

/** Opaque key of an entity name after normalisation: extras named alike group together. */
export function entityKey(name: string): string {
  return sha256Hex(normalizeText(name)).slice(0, 24);
}
