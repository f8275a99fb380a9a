// Regrader: a verdict holds when the grader graded against the gold the store
// holds (the same bytes, or another spelling of the same value); otherwise the
// cell is graded again against the current gold by the clusters' comparison.
import { describe, expect, it } from 'vitest';
import { goldKeys } from '../../../db/disputes/cluster';
import { GoldAsRecorded, Regrader } from '../../../db/disputes/regrade';
import type { GradedCell } from '../../../db/disputes/regrade';
import { Sealer } from '../../../db/seal';
import type { RuleType } from '../../../shared/domain';

const sealer = new Sealer('regrade test key');
const seal = (text: string): string => sealer.seal(text);

const open = (sealed: string): string => sealer.open(sealed);
const recordedAs = (ruleType: RuleType | undefined, value: string | null): GoldAsRecorded =>
  GoldAsRecorded.of(
    ruleType,
    value === null ? { state: 'blank', value_s: null } : { state: 'value', value_s: seal(value) },
    open,
  )!;

function regrader(ruleType: RuleType | undefined, value: string, alternatives: string[] = []): Regrader {
  return new Regrader(ruleType, recordedAs(ruleType, value), goldKeys(ruleType, value, alternatives));
}

const cell = (recorded: string, verdict: GradedCell['verdict'], empty = false): GradedCell => ({
  verdict,
  empty,
  recorded_s: recorded === '' ? '' : seal(recorded),
});

describe('Regrader', () => {
  it('keeps the verdict of a cell graded against the same gold, without reading its response', () => {
    const r = regrader('text', 'Paris');
    const unread = (): string => {
      throw new Error('the response was read');
    };
    expect(r.verdict(cell('Paris', 'incorrect'), unread)).toBe('incorrect');
    expect(r.verdict(cell('Paris', 'correct'), unread)).toBe('correct');
    // Another spelling of the same gold is the same gold: 94.0 recorded for 94.
    expect(regrader('number', '94').verdict(cell('94.0', 'incorrect'), unread)).toBe('incorrect');
    // A grader that recorded no gold says nothing about which gold it used.
    expect(r.verdict(cell('', 'correct'), unread)).toBe('correct');
  });

  it('grades a cell graded against other gold again, by the current gold and its alternatives', () => {
    const r = regrader('text', 'Lyon', ['Lugdunum']);
    expect(r.verdict(cell('Paris', 'correct'), () => 'Paris')).toBe('incorrect');
    expect(r.verdict(cell('Paris', 'incorrect'), () => '  lyon ')).toBe('correct');
    expect(r.verdict(cell('Paris', 'incorrect'), () => 'Lugdunum')).toBe('correct');
    expect(regrader('number', '1200').verdict(cell('1100', 'incorrect'), () => '1,200')).toBe('correct');
  });

  it('against blank gold, every answer graded against a value is incorrect', () => {
    const r = new Regrader('text', recordedAs('text', null), goldKeys('text', null, []));
    expect(r.verdict(cell('Paris', 'correct'), () => 'Paris')).toBe('incorrect');
    // Graded against blank gold already (graders record it as ''): the verdict holds.
    expect(r.verdict(cell('', 'blank_ok'), () => '')).toBe('blank_ok');
    expect(r.verdict(cell('', 'incorrect'), () => 'Paris')).toBe('incorrect');
  });

  it('leaves blank answers and ungraded cells as the grader left them', () => {
    const r = regrader('text', 'Lyon');
    expect(r.verdict(cell('Paris', 'missing', true), () => '')).toBe('missing');
    expect(r.verdict(cell('Paris', 'ungraded'), () => 'Paris')).toBe('ungraded');
  });

  it('tells a group graded against other bytes from one graded against these', () => {
    const gold = recordedAs('text', 'Lyon');
    expect(gold.anyOtherBytes([cell('Lyon', 'correct'), cell('', 'correct')])).toBe(false);
    expect(gold.anyOtherBytes([cell('Lyon', 'correct'), cell('Paris', 'correct')])).toBe(true);
  });
});
