// Every key of the app, from the same table the key handler follows.
import { KEY_MAP } from '../../lib/keys';
import { useUiStore } from '../../stores/ui-store';
import { Kbd } from '../../ui/Kbd';
import { Modal } from '../../ui/Modal';

export function KeymapOverlay() {
  const close = useUiStore((s) => s.closeOverlay);
  return (
    <Modal title="Keys" onClose={close} wide>
      <div className="keymap">
        {KEY_MAP.map((group) => (
          <section key={group.title} className="keymap-group">
            <h3 className="section-title">{group.title}</h3>
            <table className="keymap-table">
              <tbody>
                {group.items.map((item) => (
                  <tr key={item.what}>
                    <td className="keymap-keys">
                      {item.keys.map((k, i) => (k === '…' ? <span key={i}> … </span> : <Kbd key={i}>{k}</Kbd>))}
                    </td>
                    <td>{item.what}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))}
      </div>
      <p className="muted small">
        Keys typed in a text field go to the field; Esc leaves it. Enter in a value field saves, as does Enter on an
        empty evidence box; Ctrl+Enter saves from any ruling field. Enter saves only from the page or the ruling form,
        never from another focused control (the filter bar, a tab, the grid’s header); a button takes Enter only when
        reached with Tab, Space always presses it. A pressed tab, Esc on a focused button and a closed dialog all leave
        focus on the page, where the view’s keys act.
      </p>
    </Modal>
  );
}
