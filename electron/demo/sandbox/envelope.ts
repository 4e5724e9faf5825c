/**
 * The envelope every answer carries (spec 2.1), errors and 404s included: code, msg, msec
 * (execution time, ms), time (Unix seconds) and data.
 */

/** An answer before it is wrapped: code, message, payload, and HTTP status when not 200. */
export interface GatewayAnswer {
  code: number;
  msg: string;
  data: unknown;
  /** HTTP status; 200 unless set (errors answer HTTP 200 with their envelope code). */
  httpStatus?: number;
  /** Whether the call was charged (and so changed state that must be persisted). */
  charged?: boolean;
  /**
   * Raw JSON text to write in place of a placeholder string value (the soldOrdersTotal fault:
   * numbers JSON.stringify cannot write, such as 1e400).
   */
  raw?: { placeholder: string; text: string };
}

/** The wire envelope. */
export interface Envelope {
  code: number;
  msg: string;
  msec: number;
  time: number;
  data: unknown;
}

/** An answer without payload. */
export function errorAnswer(code: number, msg: string, data: unknown = null): GatewayAnswer {
  return { code, msg, data };
}

/** Wraps an answer, timing it from the call's arrival. */
export function toEnvelope(answer: GatewayAnswer, arrivedAt: number, now = Date.now()): Envelope {
  return { code: answer.code, msg: answer.msg, msec: Math.max(0, now - arrivedAt), time: Math.floor(now / 1000), data: answer.data };
}
