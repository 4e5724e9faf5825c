import type { z } from 'zod';
import type { Result } from '../result';

/**
 * One request channel of the contract: the zod schema of its input (checked at the boundary of
 * both shells) and, as a type only, what it answers.
 */
export interface ChannelSpec<Input extends z.ZodType, Output> {
  readonly input: Input;
  /** Phantom: carries the output type; never set at run time. */
  readonly output?: Output;
}

/** One pushed event of the contract; the payload is a type only (main is the only sender). */
export interface EventSpec<Payload> {
  /** Phantom: carries the payload type; never set at run time. */
  readonly payload?: Payload;
}

/** Declares a channel: `channel<Output>()(inputSchema)` — the output type given, the input inferred. */
export function channel<Output>() {
  return <Input extends z.ZodType>(input: Input): ChannelSpec<Input, Output> => ({ input });
}

/** Declares a pushed event with its payload type. */
export function event<Payload>(): EventSpec<Payload> {
  return {};
}

// The generic helpers below accept any channel spec; `any` is confined to these constraints.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyChannel = ChannelSpec<z.ZodType, any>;

/** The input a caller passes (before zod defaults and transforms). */
export type InputOf<S extends AnyChannel> = z.input<S['input']>;
/** The input a handler receives (after validation). */
export type ParsedInputOf<S extends AnyChannel> = z.output<S['input']>;
/** What the channel answers on success. */
export type OutputOf<S extends AnyChannel> = S extends ChannelSpec<z.ZodType, infer Output> ? Output : never;
/** The payload of a pushed event. */
export type PayloadOf<S extends EventSpec<unknown>> = S extends EventSpec<infer Payload> ? Payload : never;

/** A renderer-side function for one channel: validated input in, a Result out, never a throw. */
export type ChannelCall<S extends AnyChannel> = (input: InputOf<S>) => Promise<Result<OutputOf<S>>>;
