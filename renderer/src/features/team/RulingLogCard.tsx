// Share rulings between stores: write this store's ruling log, merge logs
// other engineers wrote (also: drop *.rulings.jsonl on the desktop app's
// window, which goes through Import).
import { useState, type FormEvent } from 'react';
import { refusedAs } from '../../../../shared/api-errors';
import type { RulingLogExport, RulingLogImport } from '../../../../shared/api-types';
import { errorMessage, host } from '../../api/client';
import { fieldErrorText, MERGE_LOGS_FIELD_LABELS, WRITE_LOG_FIELD_LABELS } from '../../lib/field-errors';
import { formatCount } from '../../lib/format';
import { noteOutputPath, useOutputFolder } from '../../lib/output-folder';
import { useInfoStore } from '../../stores/info-store';
import { useReleaseStore } from '../../stores/release-store';
import { notify } from '../../stores/ui-store';
import { defaultRulingLogPath } from '../release/release-defaults';
import { RulingLogReport } from './RulingLogReport';
import { mergeRulingLogs, parsePaths, writeRulingLog } from './ruling-logs';
import { ReplaceConfirm } from '../../ui/ReplaceConfirm';

export function RulingLogCard() {
  return (
    <section className="card ruling-log-card" aria-label="Ruling log">
      <h2>Ruling log</h2>
      <p className="muted">
        Share rulings with other engineers through <code>*.rulings.jsonl</code> files: one ruling a line with its stable
        id and its dispute’s key, sorted, so the same store always writes the same bytes. Merging is idempotent and
        order-independent: a log merged twice adds nothing.
      </p>
      <div className="log-columns">
        <WriteLog />
        <MergeLogs />
      </div>
    </section>
  );
}

function WriteLog() {
  const info = useInfoStore((s) => s.info);
  const dataset = useReleaseStore((s) => s.dataset);
  const folder = useOutputFolder((s) => s.folder);
  // What the engineer typed or chose; until then the default: <engineer>.rulings.jsonl in
  // the folder this session last wrote to, else beside the dataset (else the store).
  const [edited, setOut] = useState<string | null>(null);
  const out =
    edited ??
    defaultRulingLogPath(dataset.trim() || info?.dataset_path || info?.store_path || '', info?.engineer ?? '', folder);
  const [plaintext, setPlaintext] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<RulingLogExport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [replaces, setReplaces] = useState<string | null>(null);

  const write = async (replace: boolean) => {
    setBusy(true);
    setError(null);
    setResult(null);
    setReplaces(null);
    try {
      const written = await writeRulingLog(out.trim(), plaintext, replace);
      noteOutputPath(written.path);
      setResult(written);
      notify(`Ruling log written: ${formatCount(written.rulings)} rulings.`, 'success');
    } catch (err) {
      const message = errorMessage(err);
      if (!replace && refusedAs(err, 'OutputExistsError')) setReplaces(out.trim());
      else setError(fieldErrorText(message, WRITE_LOG_FIELD_LABELS));
    } finally {
      setBusy(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await write(false);
  };

  const choose = async () => {
    try {
      const path = await host.pickSavePath?.({ defaultName: 'atlas.rulings.jsonl' });
      if (path) setOut(path);
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <form className="log-form" onSubmit={(e) => void submit(e)} aria-label="Write the ruling log">
      <h3 className="section-title">Write this store’s log</h3>
      <label className="field-label" htmlFor="ruling-log-out">
        Output file
      </label>
      <div className="input-row">
        <input
          id="ruling-log-out"
          className="input mono"
          required
          value={out}
          onChange={(e) => setOut(e.target.value)}
          placeholder="/path/to/mia.rulings.jsonl"
          spellCheck={false}
        />
        {host.pickSavePath && (
          <button type="button" className="button" onClick={() => void choose()}>
            Choose…
          </button>
        )}
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={plaintext} onChange={(e) => setPlaintext(e.target.checked)} />
        Write values and rationales in plain text
      </label>
      {plaintext && (
        <div className="warning">
          Plain text puts gold values and rationales in the file readable by anyone. Never commit it to a public
          repository.
        </div>
      )}
      {replaces != null && !busy && (
        <ReplaceConfirm
          label="Replace existing file"
          question="This file exists and is not a ruling log; writing the log would replace it:"
          paths={[replaces]}
          keepLabel="Keep it"
          replaceLabel="Replace and write"
          onKeep={() => setReplaces(null)}
          onReplace={() => void write(true)}
        />
      )}
      <div className="form-actions">
        {error != null && <span className="error-text">{error}</span>}
        <span className="spacer" />
        <button type="submit" className="button button-primary" disabled={busy || out.trim() === ''}>
          {busy ? 'Writing…' : 'Write log'}
        </button>
      </div>
      {result && (
        <p className="log-result" role="status">
          Wrote <strong className="tabular">{formatCount(result.rulings)}</strong> rulings to{' '}
          <span className="mono small">{result.path}</span>
        </p>
      )}
    </form>
  );
}

function MergeLogs() {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<RulingLogImport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const paths = parsePaths(text);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      const merged = await mergeRulingLogs(paths);
      setResult(merged);
      notify(
        `Merged: ${formatCount(merged.added)} added, ${formatCount(merged.duplicates)} already here, ${formatCount(merged.refused.length)} refused.`,
        merged.refused.length > 0 ? 'info' : 'success',
      );
    } catch (err) {
      setError(fieldErrorText(errorMessage(err), MERGE_LOGS_FIELD_LABELS));
    } finally {
      setBusy(false);
    }
  };

  const choose = async () => {
    try {
      const picked = (await host.pickPaths?.('files')) ?? [];
      if (picked.length > 0) setText([...paths, ...picked.filter((p) => !paths.includes(p))].join('\n'));
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <form className="log-form" onSubmit={(e) => void submit(e)} aria-label="Merge ruling logs">
      <h3 className="section-title">Merge logs from others</h3>
      <label className="field-label" htmlFor="ruling-log-in">
        Logs, one path a line
      </label>
      <textarea
        id="ruling-log-in"
        className="input mono paths-input"
        rows={3}
        spellCheck={false}
        placeholder={'/shared/logs/noah.rulings.jsonl\n/shared/logs/ava.rulings.jsonl'}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <p className="muted small">
        {host.pathForFile
          ? 'Or drop *.rulings.jsonl files anywhere on the window.'
          : 'In the desktop app you can also drop *.rulings.jsonl files on the window.'}
      </p>
      <div className="form-actions">
        {error != null && <span className="error-text">{error}</span>}
        <span className="spacer" />
        {host.pickPaths && (
          <button type="button" className="button" onClick={() => void choose()}>
            Choose files…
          </button>
        )}
        <button type="submit" className="button button-primary" disabled={busy || paths.length === 0}>
          {busy ? 'Merging…' : `Merge ${paths.length > 1 ? `${paths.length} logs` : 'log'}`}
        </button>
      </div>
      {result && <RulingLogReport result={result} />}
    </form>
  );
}
