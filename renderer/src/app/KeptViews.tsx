// The current view, and the views kept mounted (views.tsx: `kept`) that were
// opened before, hidden. A kept view shown again is what it was when hidden:
// no grid built again, no rows fetched again; its `onShow` decides what to
// ask, told whether anything was written meanwhile. `reopenView` (ui-store)
// builds them anew.
import { Fragment, memo, useEffect, useRef, useState, type ReactNode } from 'react';
import { onApiWrite } from '../api/client';
import { useUiStore } from '../stores/ui-store';
import { findView } from './views';

export function KeptViews() {
  const current = findView(useUiStore((s) => s.view));
  const generation = useUiStore((s) => s.viewGeneration);
  // Per slot, the view last shown in it: hidden, it keeps that view's props.
  const [slots, setSlots] = useState<Readonly<Record<string, string>>>({});
  const slot = current.kept?.slot;
  if (slot != null && slots[slot] !== current.id) setSlots({ ...slots, [slot]: current.id });
  return (
    <>
      {Object.entries(slots).map(([name, id]) => {
        return (
          <KeptView key={`${name}-${generation}`} shown={slot === name} onShow={findView(id).kept!.onShow}>
            <ViewContent id={id} />
          </KeptView>
        );
      })}
      {slot == null && <Fragment key={current.id}>{current.render()}</Fragment>}
    </>
  );
}

/** A view's content, rendered again only for another view: showing or hiding it re-renders nothing inside. */
const ViewContent = memo(function ViewContent({ id }: { id: string }) {
  return findView(id).render();
});

function KeptView({
  shown,
  onShow,
  children,
}: {
  shown: boolean;
  onShow: (wroteMeanwhile: boolean) => void;
  children: ReactNode;
}) {
  const wroteWhileHidden = useWritesWhileHidden(shown);
  const wasShown = useRef(shown);
  useEffect(() => {
    // Shown again (its first showing is its mount, which loads what it needs).
    if (shown && !wasShown.current) {
      onShow(wroteWhileHidden.current);
      wroteWhileHidden.current = false;
    }
    wasShown.current = shown;
  }, [shown, onShow, wroteWhileHidden]);
  return (
    <div className="kept-view" hidden={!shown}>
      {children}
    </div>
  );
}

/** Whether a call that may write (or a job's end) came while hidden; the caller clears it. */
function useWritesWhileHidden(shown: boolean) {
  const wrote = useRef(false);
  const hidden = useRef(!shown);
  hidden.current = !shown;
  useEffect(
    () =>
      onApiWrite(() => {
        if (hidden.current) wrote.current = true;
      }),
    [],
  );
  return wrote;
}
