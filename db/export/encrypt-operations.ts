// Encrypts every gold string of the operations (values, entity names,
// aliases, evidence URLs) with each task's canary: what mapOperationText
// (shared/patch.ts) does with encryptText, with the same output, but objects
// are built as literals (spreading was most of the time at 10k operations)
// and each task's key is derived once.
import type { PatchCellState, PatchOperation, PatchRowState } from '../../shared/patch';
import type { Store } from '../store';
import { ExportError, withText } from './patch-ops';
import type { TextCipher } from './task-ciphers';
import { taskCiphers } from './task-ciphers';

export interface EncryptedOperations {
  operations: PatchOperation[];
  /**
   * Whether some text held a lone surrogate, which UTF-8 encryption turns
   * into U+FFFD: the text a reader decrypts then differs from the plain text.
   */
  illFormed: boolean;
}

const LONE_SURROGATE = /\p{Surrogate}/u;

type State = PatchOperation['from'];

function encryptState(state: State, cipher: TextCipher): State {
  if (state === null) return null;
  if ('entity' in state) return encryptRow(state, cipher);
  if ('value' in state) return encryptCell(state, cipher);
  return state;
}

function encryptCell(state: Extract<PatchCellState, { value: string }>, cipher: TextCipher): PatchCellState {
  return state.alternatives
    ? { value: cipher(state.value), alternatives: state.alternatives.map(cipher) }
    : { value: cipher(state.value) };
}

function encryptRow(state: PatchRowState, cipher: TextCipher): PatchRowState {
  const row: PatchRowState = { entity: cipher(state.entity), aliases: state.aliases.map(cipher) };
  if (state.cells) {
    row.cells = Object.fromEntries(
      Object.entries(state.cells).map(([column, cell]) => [column, 'value' in cell ? encryptCell(cell, cipher) : cell]),
    );
  }
  return row;
}

/** Throws ExportError naming the tasks whose canary is unknown (not in an imported dataset). */
export function encryptOperations(store: Store, operations: readonly PatchOperation[]): EncryptedOperations {
  const cipherOf = taskCiphers(store);
  const missing = [...new Set(operations.filter((op) => !cipherOf(op.task_id)).map((op) => op.task_id))];
  if (missing.length > 0) {
    throw new ExportError(
      `cannot encrypt: task ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''} is not in an imported dataset (its canary is the key); import the dataset or export with --plaintext`,
    );
  }
  let illFormed = false;
  // One checking cipher per task, not per operation.
  const checked = new Map<string, TextCipher>();
  const checkedCipherOf = (taskId: string): TextCipher => {
    let cipher = checked.get(taskId);
    if (!cipher) {
      const taskCipher = cipherOf(taskId)!;
      cipher = (text) => {
        illFormed ||= LONE_SURROGATE.test(text);
        return taskCipher(text);
      };
      checked.set(taskId, cipher);
    }
    return cipher;
  };
  const encrypted = operations.map((op) => {
    const cipher = checkedCipherOf(op.task_id);
    return withText(
      op,
      cipher(op.entity),
      op.evidence.map(cipher),
      encryptState(op.from, cipher),
      encryptState(op.to, cipher),
    );
  });
  return { operations: encrypted, illFormed };
}
