// The input area: the prompt (showing the graph in use) on the first line, a continuation
// prompt on the others, GSQL highlighted as typed, the cursor as an inverse cell.
import { Box, Text } from 'ink';
import { cursorLine, type EditorState } from './editor-state.js';
import { HighlightedLine, piecesByLine } from './highlight.js';

export function prompt(graph: string | undefined): string {
  return graph === undefined ? 'gwb> ' : `gwb ${graph}> `;
}

export function Editor(props: { readonly state: EditorState; readonly graph: string | undefined }) {
  const first = prompt(props.graph);
  const more = `${' '.repeat(Math.max(0, first.length - 5))}...> `;
  const at = cursorLine(props.state);
  return (
    <Box flexDirection="column">
      {piecesByLine(props.state.text).map((line, i) => (
        <Box key={i}>
          <Text color="green">{i === 0 ? first : more}</Text>
          <HighlightedLine pieces={line} cursor={i === at.line ? at.column : undefined} />
        </Box>
      ))}
    </Box>
  );
}
