// Squiggles as you type: a GSQL model is parsed and checked by the core front end after each
// pause in editing, against the live schema of the graph in use (unknown types, attributes,
// queries), and its diagnostics become markers of owner `gsql`.
import * as monaco from 'monaco-editor/editor';
import type { Severity } from '../../../core/gsql/index.js';
import { gsqlMarkers, type MarkerSpec } from './markers.js';
import { schemaOf } from './monaco-setup.js';

export const GSQL_MARKER_OWNER = 'gsql';

export function markerSeverity(severity: Severity): monaco.MarkerSeverity {
  switch (severity) {
    case 'error':
      return monaco.MarkerSeverity.Error;
    case 'warning':
      return monaco.MarkerSeverity.Warning;
    case 'info':
      return monaco.MarkerSeverity.Info;
  }
}

export function toMarkerData(spec: MarkerSpec): monaco.editor.IMarkerData {
  return { ...spec, severity: markerSeverity(spec.severity) };
}

/**
 * Keeps the model's `gsql` markers in step with its text: at once, then `delayMs` after the
 * last change. Disposing stops watching and clears the markers.
 */
export function watchDiagnostics(
  model: monaco.editor.ITextModel,
  delayMs = 250,
): monaco.IDisposable {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const update = (): void => {
    timer = undefined;
    if (model.isDisposed()) return;
    const markers = gsqlMarkers(model.getValue(), schemaOf(model)).map(toMarkerData);
    monaco.editor.setModelMarkers(model, GSQL_MARKER_OWNER, markers);
  };
  const stop = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  update();
  const changes = model.onDidChangeContent(() => {
    stop();
    timer = setTimeout(update, delayMs);
  });
  const disposal = model.onWillDispose(stop);
  return {
    dispose() {
      stop();
      changes.dispose();
      disposal.dispose();
      if (!model.isDisposed()) monaco.editor.setModelMarkers(model, GSQL_MARKER_OWNER, []);
    },
  };
}
