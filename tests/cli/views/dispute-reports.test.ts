// `show` prints the GitHub reports attached to a dispute, as the app's panel
// and `show --json` do: number, state, title, reporter, the proposed value and
// where, the start of the body, the links — every text inert.
import { describe, expect, it } from 'vitest';
import { disputeDetailText } from '../../../cli/views/dispute-detail';
import type { ReportView } from '../../../shared/report-parse/views';
import { asHandle, CELL_ID, createFakeService } from '../support/fake-service';

// eslint-disable-next-line no-control-regex
const ESC = /\u001b/;

function report(overrides: Partial<ReportView> = {}): ReportView {
  return {
    number: 101,
    repo: 'exa-ai/atlas',
    title: 'Ocarina 3D metascore is wrong',
    url: 'https://github.com/exa-ai/atlas/issues/101',
    author: 'mario',
    created_at: '2026-01-02T03:04:05Z',
    updated_at: null,
    state: 'open',
    labels: ['gold-error'],
    body: '',
    body_text:
      'Row: Ocarina of Time 3D\nCorrect value: 93\n\u001b[31mSee https://www.metacritic.com/game/x or javascript:alert(1)',
    urls: [
      { url: 'https://www.metacritic.com/game/x', safe: true, href: 'https://www.metacritic.com/game/x', reason: null },
      { url: 'javascript:alert(1)', safe: false, href: null, reason: 'javascript link, not http(s)' },
    ],
    parsed: null,
    override: null,
    effective: {
      task_id: 'zelda-remakes',
      row: 0,
      column: 'Critic Metascore',
      column_score: 1,
      proposed_value: '93',
      missing_entity: null,
      confidence: 0.9,
      column_unresolved: null,
    },
    dispute_id: CELL_ID,
    manual_link: false,
    ...overrides,
  };
}

async function detail() {
  return asHandle(createFakeService()).getDispute({ id: CELL_ID });
}

describe('show: attached reports', () => {
  it('lists each report with number, state, title, reporter, proposed value, body and links', async () => {
    const text = disputeDetailText({
      ...(await detail()),
      reports: [
        report(),
        report({
          number: 102,
          state: 'closed',
          author: null,
          url: null,
          title: 'Missing remake',
          effective: {
            ...report().effective,
            row: null,
            column: null,
            proposed_value: null,
            missing_entity: "Link's Awakening",
            confidence: null,
          },
          urls: [],
          body_text: '',
        }),
      ],
    });
    const section = text.slice(text.indexOf('Reports (2):'));
    expect(section).toContain(
      '  #101 open · Ocarina 3D metascore is wrong\n      by @mario · 2026-01-02 · exa-ai/atlas\n      issue: https://github.com/exa-ai/atlas/issues/101\n',
    );
    expect(section).toContain('      proposes "93" · row 1 · Critic Metascore · parsed with 90% confidence\n');
    expect(section).toContain('      | Correct value: 93\n');
    expect(section).toContain('      link: https://www.metacritic.com/game/x\n');
    expect(section).toContain('      link: javascript:alert(1)  (unsafe: javascript link, not http(s))\n');
    expect(section).toContain(
      '  #102 closed · Missing remake\n      by unknown reporter · 2026-01-02 · exa-ai/atlas\n      proposes the missing row "Link\'s Awakening"\n      (empty body)\n',
    );
    expect(text).not.toMatch(ESC);
    // The reports come before the rulings, as in the panel.
    expect(text.indexOf('Reports (2):')).toBeLessThan(text.indexOf('Rulings ('));
  });

  it('shows the start of a long body and says where the rest is', async () => {
    const body = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n');
    const text = disputeDetailText({ ...(await detail()), reports: [report({ body_text: body })] });
    expect(text).toContain('      | line 8\n      | … (the whole body is in `show --json`)\n');
    expect(text).not.toContain('line 9');
  });

  it('prints no Reports section when none is attached', async () => {
    expect(disputeDetailText(await detail())).not.toContain('Reports (');
  });
});
