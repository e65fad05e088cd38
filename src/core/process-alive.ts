// Whether a process id names a live process, for the lock files and child processes the CLI, the
// embedded server and the cloud control plane look after. Signal 0 checks without signalling; a
// process of another user (EPERM) is alive too.

/** True when `pid` is a running process (ours or another user's). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
