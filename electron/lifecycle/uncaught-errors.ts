/** Where an error escaped to. */
export type UncaughtKind = 'uncaught-exception' | 'unhandled-rejection';

/** What the user chose in the error dialog. */
export type UncaughtErrorChoice = 'continue' | 'restart';

/** What the handler is given by the shell. */
export interface UncaughtErrorHandlerOptions {
  log: { error(event: string, fields?: Record<string, unknown>): void };
  /** Shows the error (a localized dialog in the shell) and answers the user's choice. */
  show: (error: { kind: UncaughtKind; message: string }) => Promise<UncaughtErrorChoice>;
  /** Restarts the app (through the normal quit, so running jobs stop at a safe point). */
  restart: () => void;
  /** The log's redaction, applied to what the dialog shows. */
  redact: (value: unknown) => unknown;
}

/** Handles one escaped error. */
export type UncaughtErrorHandler = (kind: UncaughtKind, error: unknown) => void;

function messageOf(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return typeof error === 'string' ? error : JSON.stringify(error) ?? String(error);
}

/**
 * The text an error dialog shows for an error: `Name: message` (or the stack), after the same
 * redaction as the log, so that a token, a bearer header or a receiver's data in an error never
 * reaches the screen (or a screenshot sent to support).
 */
export function errorDialogText(error: unknown, redact: (value: unknown) => unknown, options: { stack?: boolean } = {}): string {
  const safe = redact(error);
  if (error instanceof Error && typeof safe === 'object' && safe !== null) {
    const { name, message, stack } = safe as { name: string; message: string; stack?: string };
    return options.stack && stack ? stack : `${name}: ${message}`;
  }
  return messageOf(safe);
}

/**
 * Never a silent death: every error that escapes main is logged with its stack (the logger
 * redacts it) and shown to the user, who can keep working or restart. While one dialog is open,
 * further errors are logged and counted, not stacked into a pile of dialogs. The handler itself
 * never throws.
 */
export function createUncaughtErrorHandler(options: UncaughtErrorHandlerOptions): UncaughtErrorHandler {
  let showing = false;
  let suppressed = 0;
  return (kind, error) => {
    try {
      options.log.error(`main: ${kind}`, { error: error instanceof Error ? error : messageOf(error) });
    } catch {
      // Logging failed (a full disk): the dialog below still tells the user.
    }
    if (showing) {
      suppressed += 1;
      return;
    }
    showing = true;
    options
      .show({ kind, message: errorDialogText(error, options.redact) })
      .then((choice) => {
        if (choice === 'restart') options.restart();
      })
      .catch((showError: unknown) => {
        options.log.error('main: could not show the error dialog', { error: showError });
      })
      .finally(() => {
        if (suppressed > 0) options.log.error('main: further errors while the dialog was open', { count: suppressed });
        showing = false;
        suppressed = 0;
      });
  };
}
