// A gold operation on one line, for the form's preview and the notice after
// saving: shared/gold-operation.ts's text, add_row's cells after its first
// line, separated by "; " (the command line prints them one per line).
import { describeGoldOperationLines, type GoldOperation } from '../../../shared/gold-operation';

export function operationOneLine(operation: GoldOperation): string {
  const [head = '', ...cells] = describeGoldOperationLines(operation);
  return cells.length === 0 ? head : `${head}: ${cells.map((line) => line.trim()).join('; ')}`;
}
