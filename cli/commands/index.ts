// Every command's name and summary, and how to load it: a command's module
// (and what it imports) is loaded only when that command runs or shows its
// help, so `--help` and each command start without the others.
import type { CommandEntry } from './types';

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'import',
    summary: 'import datasets, graded runs, judge opinions, ruling logs and GitHub issues',
    load: async () => (await import('./import')).importCommand,
  },
  {
    name: 'disputes',
    summary: 'list disputes in priority order',
    load: async () => (await import('./disputes')).disputesCommand,
  },
  { name: 'show', summary: 'show one dispute side by side', load: async () => (await import('./show')).showCommand },
  { name: 'rule', summary: 'record a ruling on a dispute', load: async () => (await import('./rule')).ruleCommand },
  {
    name: 'retract',
    summary: "retract an engineer's latest ruling",
    load: async () => (await import('./retract')).retractCommand,
  },
  {
    name: 'export',
    summary: 'export settled rulings as a gold patch',
    load: async () => (await import('./export')).exportCommand,
  },
  {
    name: 'apply',
    summary: 'apply a gold patch to a dataset file (revised dataset + changelog)',
    load: async () => (await import('./apply')).applyCommand,
  },
  {
    name: 'rescore',
    summary: "preview every system's scores before and after a patch",
    load: async () => (await import('./rescore')).rescoreCommand,
  },
  {
    name: 'revisions',
    summary: 'list exported revisions',
    load: async () => (await import('./revisions')).revisionsCommand,
  },
  {
    name: 'rulings',
    summary: 'export or import ruling logs (*.rulings.jsonl)',
    load: async () => (await import('./rulings')).rulingsCommand,
  },
  {
    name: 'reports',
    summary: "import, list, link and answer users' GitHub gold-error reports",
    load: async () => (await import('./reports')).reportsCommand,
  },
  {
    name: 'stats',
    summary: 'agreement statistics between engineers, and progress',
    load: async () => (await import('./stats')).statsCommand,
  },
  {
    name: 'audit',
    summary: 'estimate the gold error rate from a random sample of cells',
    load: async () => (await import('./audit')).auditCommand,
  },
  {
    name: 'policy',
    summary: 'show or set the resolution policy (agreeing engineers, blind review)',
    load: async () => (await import('./policy')).policyCommand,
  },
  {
    name: 'serve',
    summary: 'serve the app in browser mode on 127.0.0.1',
    load: async () => (await import('./serve')).serveCommand,
  },
  { name: 'demo', summary: 'load the demo workspace', load: async () => (await import('./demo')).demoCommand },
];
