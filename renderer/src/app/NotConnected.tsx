// Browser mode opened without the bridge's token: say how to get in.
export function NotConnected() {
  return (
    <div className="welcome">
      <div className="welcome-card">
        <h1>Not connected</h1>
        <p>
          This page needs the address printed by <code>npx atlas-adjudicator serve</code>, including its{' '}
          <code>#token=…</code> part. Open that address in this browser.
        </p>
      </div>
    </div>
  );
}
