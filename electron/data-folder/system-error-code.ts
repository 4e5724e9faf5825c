/** The system error code of a failed file operation (ENOENT, EACCES, ENOSPC …), named in typed errors. */
export function systemErrorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? 'unknown error';
}
