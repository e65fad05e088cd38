// The completion popup: candidates from the core's completion helper, the selected one
// highlighted, at most a screenful with a count of the rest.
import { Box, Text } from 'ink';
import type { Completion } from '../core/gsql/index.js';

export const popupRows = 8;

export function CompletionPopup(props: {
  readonly items: readonly Completion[];
  readonly selected: number;
}) {
  const { items, selected } = props;
  const top = Math.max(0, Math.min(selected - popupRows + 1, items.length - popupRows));
  const shown = items.slice(top, top + popupRows);
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="gray" paddingX={1}>
      {shown.map((c, i) => (
        <Text key={`${c.kind}:${c.label}`} inverse={top + i === selected}>
          {c.label}
          <Text color="gray"> {c.detail ?? c.kind}</Text>
        </Text>
      ))}
      {items.length > popupRows ? (
        <Text color="gray">
          {selected + 1}/{items.length}
        </Text>
      ) : null}
    </Box>
  );
}
