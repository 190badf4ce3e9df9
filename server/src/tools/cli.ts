import { databaseUrlFrom } from '../config-operations';

/**
 * Shared by the operator commands (`npm run migrate|backup|restore`, issue 28): the database they
 * act on is the API's (DATABASE_URL, or the SQLite file under DATA_DIR), relative paths taken from
 * where the command was typed (npm's INIT_CWD), as the API itself does (config.ts).
 */
export const commandCwd = (): string => process.env.INIT_CWD ?? process.cwd();
export const commandDatabaseUrl = (): string => databaseUrlFrom(process.env, commandCwd());

/** Runs a command's main: its error is one line on stderr and exit code 1, never a stack trace. */
export function runCommand(main: () => Promise<number | void>): void {
  main().then(
    (code) => process.exit(code ?? 0),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : String(err));
      process.exit(1);
    },
  );
}
