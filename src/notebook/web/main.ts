// Entry of the notebook page: reads which notebook to open from the URL, loads the session and the
// notebook from the notebook server, and starts the app.
import './app.css';
import './outputs/outputs.css';
import { api, useFile } from './api.js';
import { App } from './app.js';
import { NotebookDoc } from './doc.js';
import { el } from './dom.js';

async function boot(): Promise<void> {
  const root = document.getElementById('app');
  if (!root) return;
  const file = new URLSearchParams(location.search).get('file') ?? undefined;
  useFile(file);
  try {
    const [session, opened, list] = await Promise.all([
      api.session(),
      api.notebook(),
      api.notebooks(),
    ]);
    const names = list.notebooks.map((n) => n.name);
    const name = opened.file.split('/').pop() ?? opened.file;
    if (!names.includes(name)) names.push(name);
    const app = new App(
      root,
      session,
      new NotebookDoc(opened.notebook, opened.revision),
      opened.file,
      names,
    );
    await app.start();
  } catch (error) {
    root.replaceChildren(
      el(
        'p',
        { class: 'gwb-fatal', 'data-testid': 'fatal' },
        `The notebook cannot start: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
  }
}

void boot();
