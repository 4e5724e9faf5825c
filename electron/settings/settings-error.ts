/**
 * Codes of the settings store's errors. They are not in the shared error catalog yet; the shape
 * (code, params, retryable) is a StationError's, so the IPC layer can pass them on once they are.
 */
export type SettingsErrorCode = 'settings.invalid' | 'settings.write-failed' | 'settings.unreadable';

/** Parameters of each settings error. */
export interface SettingsErrorParams {
  /** The setting's path (`print.templateUrlByCarrier.YTO`) and what is wrong with it. */
  'settings.invalid': { field: string; problem: string };
  /** The system error code of the failed write (ENOSPC, EACCES …). */
  'settings.write-failed': { reason: string };
  /** The settings file and the system error code that kept it from being read. */
  'settings.unreadable': { filePath: string; reason: string };
}

const englishText: { [C in SettingsErrorCode]: (params: SettingsErrorParams[C]) => string } = {
  'settings.invalid': ({ field, problem }) => `The setting ${field} is invalid: ${problem}.`,
  'settings.write-failed': ({ reason }) => `The settings could not be saved (${reason}); nothing was changed.`,
  'settings.unreadable': ({ filePath, reason }) => `The settings file ${filePath} cannot be read (${reason}).`,
};

/** A typed failure of the settings store; its message is English for the logs. */
export class SettingsError<C extends SettingsErrorCode = SettingsErrorCode> extends Error {
  readonly retryable = false;

  constructor(
    readonly code: C,
    readonly params: SettingsErrorParams[C],
  ) {
    super(englishText[code](params));
    this.name = 'SettingsError';
  }
}
