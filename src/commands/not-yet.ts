// Placeholder behaviour for subcommands whose issue has not landed: a plain message, exit 2.
export function notYetAvailable(name: string, issue: number): never {
  process.stderr.write(
    `gwb ${name}: not available yet in this build (tracked as issue ${issue}).\n`,
  );
  process.exit(2);
}
