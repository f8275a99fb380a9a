// Results of the reports API methods (issue: GitHub reports), shared by hosts and renderer.
import type { SkippedItem } from './api-types';

export interface ReportImportResult {
  added: number;
  updated: number;
  unchanged: number;
  /** Of the added and updated reports: how many are attached to a dispute, how many wait in the unlinked list. */
  linked: number;
  unlinked: number;
  pull_requests: number;
  skipped: SkippedItem[];
  /** Pages fetched from the live API (absent for files). */
  pages?: number;
}

export type ReplyOutcome = 'confirmed' | 'not_confirmed' | 'under_review' | 'needs_details';

export interface ReplyDraft {
  number: number;
  repo: string;
  outcome: ReplyOutcome;
  revision: string | null;
  dispute_id: string | null;
  /** Never quotes gold values, entity names or the question. */
  text: string;
  sources: string[];
  withheld_sources: number;
  closes: boolean;
  close_reason: 'completed' | 'not_planned' | null;
}

export interface PostReplyResult {
  number: number;
  repo: string;
  comment_url: string | null;
  closed: boolean;
}

/** Where the GitHub token comes from; the token itself never crosses the API. */
export interface GitHubTokenState {
  configured: boolean;
  source: 'env' | 'keychain' | 'session' | null;
  /** Whether this host can keep a token in the OS keychain (Electron safeStorage). */
  keychain: boolean;
}
