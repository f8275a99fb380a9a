// Export the settled rulings as an atlas-gold-patch/1 file for a revision.
import { useState, type FormEvent } from 'react';
import type { ExportResult } from '../../../../shared/api-types';
import { api, errorMessage, host } from '../../api/client';
import { formatCount, suggestRevision } from '../../lib/format';
import { useInfoStore } from '../../stores/info-store';
import { RulingLogCard } from '../team/RulingLogCard';

export function ExportView() {
  const info = useInfoStore((s) => s.info);
  const [revision, setRevision] = useState(() => suggestRevision(info?.revision ?? null));
  const [baseRevision, setBaseRevision] = useState(info?.revision ?? '');
  const [out, setOut] = useState('');
  const [dataset, setDataset] = useState('');
  const [plaintext, setPlaintext] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ExportResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      setResult(
        await api.exportPatch({
          revision: revision.trim(),
          out: out.trim(),
          ...(baseRevision.trim() ? { baseRevision: baseRevision.trim() } : {}),
          ...(dataset.trim() ? { dataset: dataset.trim() } : {}),
          plaintext,
        }),
      );
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const chooseOut = async () => {
    try {
      const path = await host.pickSavePath?.({ defaultName: `atlas-${revision.trim() || 'patch'}.patch.json` });
      if (path) setOut(path);
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  const resolved = info?.counts.resolved ?? 0;
  return (
    <div className="page">
      <form className="card export-form" onSubmit={(e) => void submit(e)}>
        <h2>Export gold patch</h2>
        <p className="muted">
          Writes every settled ruling ({formatCount(resolved)} resolved disputes) as an <code>atlas-gold-patch/1</code> file. The same store always gives the same bytes.
        </p>
        <div className="form-grid">
          <label className="field">
            <span className="field-label">Revision tag</span>
            <input className="input" required value={revision} onChange={(e) => setRevision(e.target.value)} placeholder="v1.1" />
          </label>
          <label className="field">
            <span className="field-label">Base revision</span>
            <input className="input" value={baseRevision} onChange={(e) => setBaseRevision(e.target.value)} placeholder={info?.revision ?? 'v1.0'} />
          </label>
          <div className="field field-wide">
            <label className="field-label" htmlFor="export-out">
              Output file
            </label>
            <div className="input-row">
              <input id="export-out" className="input mono" required value={out} onChange={(e) => setOut(e.target.value)} placeholder="/path/to/atlas-v1.1.patch.json" spellCheck={false} />
              {host.pickSavePath && (
                <button type="button" className="button" onClick={() => void chooseOut()}>
                  Choose…
                </button>
              )}
            </div>
          </div>
          <label className="field field-wide">
            <span className="field-label">Base dataset file (optional, for its checksum)</span>
            <input className="input mono" value={dataset} onChange={(e) => setDataset(e.target.value)} placeholder="/path/to/atlas-test.jsonl" spellCheck={false} />
          </label>
        </div>
        <label className="checkbox">
          <input type="checkbox" checked={plaintext} onChange={(e) => setPlaintext(e.target.checked)} />
          Write values in plain text
        </label>
        {plaintext && (
          <div className="warning">
            Plain text puts gold values, entity names and evidence in the file readable by anyone. Never commit a plain-text patch to a public repository — benchmark answers would leak.
          </div>
        )}
        <div className="form-actions">
          {error != null && <span className="error-text">{error}</span>}
          <span className="spacer" />
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? 'Exporting…' : 'Export'}
          </button>
        </div>
      </form>
      {result && <ExportSummary result={result} />}
      <RulingLogCard />
    </div>
  );
}

function ExportSummary({ result }: { result: ExportResult }) {
  return (
    <section className="card">
      <h2>Patch written</h2>
      <dl className="summary">
        <dt>File</dt>
        <dd className="mono">{result.path}</dd>
        <dt>Revision</dt>
        <dd>{result.revision}</dd>
        <dt>Operations</dt>
        <dd className="tabular">{formatCount(result.operations)}</dd>
        <dt>SHA-256</dt>
        <dd className="mono small">{result.sha256}</dd>
        <dt>Values</dt>
        <dd>{result.encrypted ? 'encrypted with each task’s canary' : <span className="warning-text">plain text</span>}</dd>
      </dl>
    </section>
  );
}
