// The header's workspace select, shown when the notebook server has a control plane (--cloud-url):
// the workspaces with their state, only Ready ones selectable. Choosing one connects the server's
// session to that workspace with the notebook's user; when that is refused, the page asks for the
// workspace's in-database user and tries once more. The page then reloads on the new server, as
// switching notebooks does.
import { api } from './api.js';
import { el } from './dom.js';

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function connect(workspace: string, say: (text: string) => void): Promise<boolean> {
  try {
    await api.useWorkspace(workspace);
    return true;
  } catch (first) {
    const user = prompt(
      `Connecting to workspace ${workspace} failed (${messageOf(first)}).\n` +
        'In-database user of the workspace:',
    );
    if (user === null || user === '') {
      say(`Not connected to ${workspace}: ${messageOf(first)}`);
      return false;
    }
    const password = prompt(`Password of ${user} on ${workspace}:`) ?? '';
    try {
      await api.useWorkspace(workspace, user, password);
      return true;
    } catch (second) {
      say(`Not connected to ${workspace}: ${messageOf(second)}`);
      return false;
    }
  }
}

/** The select, filled once the control plane answers; `say` puts a line under the header. */
export function workspacePicker(
  current: string | undefined,
  say: (text: string) => void,
  beforeSwitch: () => Promise<void>,
): HTMLElement {
  const choice = el('select', { 'data-testid': 'workspace-select', title: 'workspace' });
  choice.append(el('option', { value: '' }, current === undefined ? '(not a workspace)' : ''));
  const slot = el('span', { class: 'gwb-workspace' }, el('span', {}, 'workspace '), choice);
  void api.workspaces().then(
    ({ workspaces }) => {
      for (const w of workspaces) {
        const ready = w.status === 'Ready';
        const label = ready ? w.name : `${w.name} (${w.status})`;
        const option = el(
          'option',
          { value: w.name, title: `${w.endpoint} in ${w.workgroup}` },
          label,
        );
        option.disabled = !ready;
        option.selected = w.name === current;
        choice.append(option);
      }
    },
    (error: unknown) => say(`The control plane does not answer: ${messageOf(error)}`),
  );
  choice.addEventListener('change', () => {
    const name = choice.value;
    if (name === '' || name === current) return;
    void beforeSwitch()
      .then(() => connect(name, say))
      .then((done) => {
        if (done) location.reload();
        else choice.value = current ?? '';
      });
  });
  return slot;
}
