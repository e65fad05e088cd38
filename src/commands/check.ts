// `gwb check FILE...`: offline GSQL diagnostics. Filled in by the GSQL front-end issue.
export function runCheckCommand(_files: string[]): Promise<number> {
  process.stderr.write('gwb check: not available yet in this build (tracked as issue 3).\n');
  return Promise.resolve(2);
}
