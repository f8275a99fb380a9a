// A gold operation on one line, for the form's preview and the notice after
// saving: shared/gold-operation.ts's text, add_row's cells after its first
// line, separated by "; " (the command line prints them one per line). Gold
// and systems' text may hide controls: they are shown as visible marks.
import { describeGoldOperationLines, type GoldOperation } from '../../../shared/gold-operation';
import { oneLine } from './format';

export function operationOneLine(operation: GoldOperation): string {
  return operationLines(operation).join('');
}

/** The first line, and then each add_row cell as `; "column": "value" (from system)` after ": ". */
export function operationLines(operation: GoldOperation): string[] {
  const [head = '', ...cells] = describeGoldOperationLines(operation).map(oneLine);
  return [head, ...cells.map((line, i) => `${i === 0 ? ': ' : '; '}${line.trim()}`)];
}
