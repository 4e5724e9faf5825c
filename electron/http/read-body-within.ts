/**
 * An HTTP response body read as a stream with a size limit applied while reading: null as soon
 * as it passes `maxBytes` (a larger Content-Length is refused before reading at all), and the rest
 * of the stream is cancelled — never more than the limit is held in memory. Network errors while
 * reading are thrown as fetch throws them.
 */
export async function readBodyWithin(response: Response, maxBytes: number): Promise<Buffer | null> {
  if (Number(response.headers.get('content-length') ?? NaN) > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks, length);
    length += value.byteLength;
    if (length > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
}
