// The interactive shell: finished output above (ink's <Static>), then a spinner while a
// statement runs, or the editor with its completion popup or reverse search. Keys: Enter runs a
// complete input (else a newline), Alt/Shift+Enter or Ctrl+J a newline, Tab completes, Up/Down
// walk lines then history, Ctrl+R searches history, Ctrl+C cancels (a run, the input, or twice
// on an empty line quits), Ctrl+D on an empty line quits, Ctrl+L (or the shell's `clear`) clears
// the screen, keeping the scrollback.
import { Box, Static, Text, useApp, useInput, useStdout, type Key } from 'ink';
import { useEffect, useRef, useState } from 'react';
import { inputState } from '../core/gsql/index.js';
import { CompletionPopup } from './completion.js';
import { applyCompletion, candidates, type PopupState } from './completion-state.js';
import { Editor, prompt } from './editor.js';
import * as ed from './editor-state.js';
import type { Block, BlockFeed } from './feed.js';
import { addEntry, searchBackward } from './history.js';
import { runScript } from './script.js';
import type { Session } from './session.js';
import { Spinner } from './spinner.js';

export interface AppProps {
  readonly session: Session;
  readonly feed: BlockFeed;
  readonly history: readonly string[];
  readonly onHistory?: (entries: readonly string[]) => void;
  readonly onExit?: () => void;
}

interface Search {
  readonly query: string;
  readonly index: number | undefined;
}

/** Whether Enter should run the input now (rather than open a new line). */
export function readyToRun(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === '') return false;
  if (trimmed.startsWith('\\') || isClearCommand(trimmed)) return true;
  return inputState(text) !== 'incomplete';
}

/** Clear the screen and home the cursor (the scrollback stays, as with Ctrl+L in bash). */
const clearScreenCodes = '\x1b[2J\x1b[H';

/** The GSQL shell's own `clear` command (not a GSQL statement). */
export function isClearCommand(text: string): boolean {
  return /^\s*clear\s*;?\s*$/i.test(text);
}

export function App({ session, feed, history: initialHistory, onHistory, onExit }: AppProps) {
  const { exit } = useApp();
  const { write } = useStdout();
  const [blocks, setBlocks] = useState<readonly Block[]>(feed.all);
  const [shown, setShown] = useState<ed.EditorState>(ed.emptyEditor);
  // The editor state lives in a ref: keys that arrive together (a fast typist, tmux, a paste)
  // are handled before React re-renders, and each must see the edit of the one before.
  const current = useRef<ed.EditorState>(ed.emptyEditor);
  const setState = (next: ed.EditorState | ((s: ed.EditorState) => ed.EditorState)) => {
    current.current = typeof next === 'function' ? next(current.current) : next;
    setShown(current.current);
  };
  const [running, setRunning] = useState<{ since: number; label: string } | undefined>();
  const [popup, setPopup] = useState<PopupState | undefined>();
  const [search, setSearch] = useState<Search | undefined>();
  const [hint, setHint] = useState<string | undefined>();
  const [graph, setGraph] = useState(session.graph);
  const history = useRef<string[]>([...initialHistory]);
  const historyAt = useRef<number | undefined>(undefined);
  const draft = useRef('');
  const abort = useRef<AbortController | undefined>(undefined);
  const lastCtrlC = useRef(0);

  useEffect(() => feed.subscribe(setBlocks), [feed]);

  const quit = () => {
    onExit?.();
    exit();
  };

  const submit = async (text: string) => {
    history.current = addEntry(history.current, text);
    historyAt.current = undefined;
    onHistory?.(history.current);
    if (isClearCommand(text)) {
      setState(ed.emptyEditor);
      return write(clearScreenCodes);
    }
    feed.push(`${session.paint('green', prompt(session.graph))}${text}`);
    setState(ed.emptyEditor);
    const controller = new AbortController();
    abort.current = controller; // set before any re-render: a Ctrl+C right after Enter cancels
    setRunning({ since: Date.now(), label: (text.split('\n')[0] ?? '').slice(0, 40) });
    const status = await runScript(session, text, { signal: controller.signal });
    abort.current = undefined;
    setRunning(undefined);
    setGraph(session.graph);
    if (status === 'quit') return quit();
    void session.loadSchema(); // refetched after DDL or a graph change, ready for the next Tab
  };

  /** Pasted text (or keys that arrived together): a carriage return acts as Enter. */
  const paste = (input: string) => {
    let s = current.current;
    input.split('\r').forEach((part, i) => {
      if (i > 0) {
        if (readyToRun(s.text)) {
          void submit(s.text);
          s = ed.emptyEditor;
        } else s = ed.insert(s, '\n');
      }
      s = ed.insert(s, part.replace(/^\n/, ''));
    });
    setState(s);
  };

  const recall = (delta: -1 | 1) => {
    const state = current.current;
    const entries = history.current;
    const at = historyAt.current ?? entries.length;
    const next = at + delta;
    if (next < 0 || next > entries.length) return;
    if (historyAt.current === undefined) draft.current = state.text;
    historyAt.current = next === entries.length ? undefined : next;
    const text = next === entries.length ? draft.current : (entries[next] ?? '');
    setState({ text, cursor: text.length });
  };

  const onSearchKey = (input: string, key: Key, s: Search) => {
    const entries = history.current;
    if (key.escape || (key.ctrl && (input === 'g' || input === 'c'))) return setSearch(undefined);
    if (key.return) {
      const found = s.index === undefined ? '' : (entries[s.index] ?? '');
      setSearch(undefined);
      return setState({ text: found, cursor: found.length });
    }
    if (key.ctrl && input === 'r') {
      return setSearch({ ...s, index: searchBackward(entries, s.query, s.index) ?? s.index });
    }
    const query = key.backspace || key.delete ? s.query.slice(0, -1) : s.query + input;
    setSearch({ query, index: searchBackward(entries, query) });
  };

  const onPopupKey = (input: string, key: Key, p: PopupState): boolean => {
    if (key.upArrow || key.downArrow) {
      const n = p.items.length;
      setPopup({ ...p, selected: (p.selected + (key.upArrow ? n - 1 : 1)) % n });
      return true;
    }
    if (key.tab || key.return) {
      const item = p.items[p.selected];
      if (item) setState((s) => applyCompletion(s, item));
      setPopup(undefined);
      return true;
    }
    setPopup(undefined);
    return key.escape;
  };

  const completeNow = () => {
    // The schema is usually cached; after DDL or \graph it is fetched once, then completed.
    void session.loadSchema().then((schema) => {
      const now = current.current;
      const items = candidates(now, schema);
      if (items.length === 1 && items[0]) setState(applyCompletion(now, items[0]));
      else if (items.length > 1) setPopup({ items, selected: 0 });
    });
  };

  useInput((input, key) => {
    const state = current.current;
    if (abort.current) {
      if (key.ctrl && input === 'c') {
        abort.current?.abort();
        feed.push(session.paint('yellow', 'Cancelled.'));
      }
      return;
    }
    if (search) return onSearchKey(input, key, search);
    if (popup && onPopupKey(input, key, popup)) return;
    setHint(undefined);
    if (key.ctrl && input === 'c') {
      if (state.text !== '') {
        lastCtrlC.current = 0;
        return setState(ed.emptyEditor);
      }
      if (Date.now() - lastCtrlC.current < 2_000) return quit();
      lastCtrlC.current = Date.now();
      return setHint('Press Ctrl+C again (or Ctrl+D) to exit.');
    }
    lastCtrlC.current = 0;
    if (key.ctrl && input === 'd') {
      if (state.text === '') quit();
      else setState(ed.deleteForward);
      return;
    }
    if (key.ctrl && input === 'r') return setSearch({ query: '', index: undefined });
    if (key.ctrl && input === 'l') return write(clearScreenCodes);
    if (key.ctrl && input === 'u') return setState(ed.killToLineStart);
    if (key.ctrl && input === 'a') return setState(ed.lineStart);
    if (key.ctrl && input === 'e') return setState(ed.lineEnd);
    if (key.tab) return completeNow();
    if (key.return) {
      if (key.meta || key.shift || !readyToRun(state.text)) return setState(ed.insert(state, '\n'));
      void submit(state.text);
      return;
    }
    if (input === '\n') return setState(ed.insert(state, '\n')); // Ctrl+J
    if (key.upArrow || key.downArrow) {
      const delta = key.upArrow ? -1 : 1;
      const moved = ed.moveLine(state, delta);
      return moved ? setState(moved) : recall(delta);
    }
    if (key.leftArrow) return setState(ed.move(state, -1));
    if (key.rightArrow) return setState(ed.move(state, 1));
    if (key.home) return setState(ed.lineStart(state));
    if (key.end) return setState(ed.lineEnd(state));
    if (key.backspace || key.delete) return setState(ed.backspace(state));
    // Control characters that arrive inside a chunk (several keys at once) are not text.
    // eslint-disable-next-line no-control-regex
    const text = input.replace(/[\x00-\x09\x0b\x0c\x0e-\x1f\x7f]/g, '');
    if (key.ctrl || key.escape || text === '') return;
    if (text.length > 1 && text.includes('\r')) return paste(text);
    // Keys typed fast arrive in one chunk: a Tab at its end still completes.
    if (input.length > 1 && input.endsWith('\t')) {
      setState(ed.insert(state, text));
      return completeNow();
    }
    setState(ed.insert(state, text));
  });

  return (
    <Box flexDirection="column">
      <Static items={[...blocks]}>{(b) => <Text key={b.id}>{b.text}</Text>}</Static>
      {running ? (
        <Spinner since={running.since} label={running.label} />
      ) : search ? (
        <Text>
          <Text color="gray">(reverse-i-search)</Text>`{search.query}&apos;:{' '}
          {search.index === undefined ? '' : history.current[search.index]}
        </Text>
      ) : (
        <Box flexDirection="column">
          <Editor state={shown} graph={graph} />
          {popup ? <CompletionPopup items={popup.items} selected={popup.selected} /> : null}
          {hint ? <Text color="gray">{hint}</Text> : null}
        </Box>
      )}
    </Box>
  );
}
