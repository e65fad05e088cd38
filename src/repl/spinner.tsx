// The running indicator: a spinner with the elapsed time, and how to cancel.
import { Text } from 'ink';
import { useEffect, useState } from 'react';

const frames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

export function formatElapsed(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)}s` : `${Math.round(ms / 1000)}s`;
}

export function Spinner(props: { readonly since: number; readonly label: string }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(timer);
  }, []);
  const elapsed = Math.max(0, now - props.since);
  return (
    <Text>
      <Text color="cyan">{frames[Math.floor(elapsed / 100) % frames.length]}</Text> {props.label}{' '}
      <Text color="gray">{formatElapsed(elapsed)} (Ctrl+C to cancel)</Text>
    </Text>
  );
}
