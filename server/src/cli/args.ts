/** A command line split into positional arguments and `--name value` / `--name=value` / `--flag` options. */
export interface ParsedArgs {
  positional: string[];
  options: Map<string, string | true>;
}

/** Thrown for a command line that cannot be run; the CLI prints it with the usage and exits 2. */
export class UsageError extends Error {}

/**
 * Parses arguments. `valued` lists the options that take a value (`--quota 5GB`); any other
 * `--name` is a flag. `--` ends the options. A valued option followed by nothing or by another
 * option (`--display-name --password-from-env`) is an error, never that option taken as its value.
 */
export function parseArgs(argv: string[], valued: ReadonlySet<string>): ParsedArgs {
  const positional: string[] = [];
  const options = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--') {
      positional.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('--') || arg === '--') {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(2, eq) : arg.slice(2);
    if (valued.has(name)) {
      const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
      // Never a flag as a value: `--display-name --password-from-env` forgot the name (`--name=--x` still gives one).
      if (value === undefined || (eq < 0 && value.startsWith('--'))) throw new UsageError(`The option --${name} needs a value.`);
      options.set(name, value);
    } else {
      if (eq > 0) throw new UsageError(`The option --${name} takes no value.`);
      options.set(name, true);
    }
  }
  return { positional, options };
}

/** The string value of an option, or undefined. */
export function optionValue(args: ParsedArgs, name: string): string | undefined {
  const value = args.options.get(name);
  return typeof value === 'string' ? value : undefined;
}

/** Refuses options the command does not know, so a typo is never silently ignored. */
export function checkOptions(args: ParsedArgs, known: readonly string[]): void {
  for (const name of args.options.keys()) {
    if (!known.includes(name)) throw new UsageError(`Unknown option --${name}.`);
  }
}
