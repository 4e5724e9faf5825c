/** Only web links go to the browser: anything else in a gateway answer is not opened. */
export function isWebLink(url: unknown): url is string {
  if (typeof url !== 'string') return false;
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
