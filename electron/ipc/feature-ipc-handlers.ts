import type { ChannelName, IpcHandlers } from '../../shared/ipc/ipc-contract';

/**
 * The handlers of one feature: every channel whose name starts with one of its prefixes
 * (`FeatureIpcHandlers<'settings' | 'token'>` is `settings.*` and `token.*`), and no other.
 */
export type FeatureIpcHandlers<Prefix extends string> = Pick<IpcHandlers, Extract<ChannelName, `${Prefix}.${string}`>>;

type ChannelsOf<Parts extends readonly object[]> = { [I in keyof Parts]: keyof Parts[I] }[number];
type ChannelsTwice<Parts extends readonly object[]> = Parts extends readonly [infer Head extends object, ...infer Rest extends readonly object[]]
  ? (keyof Head & ChannelsOf<Rest>) | ChannelsTwice<Rest>
  : never;
/** The parts as given when they handle every channel once; else a type that names what is wrong. */
type EveryChannelOnce<Parts extends readonly object[]> = [ChannelsTwice<Parts>] extends [never]
  ? [Exclude<ChannelName, ChannelsOf<Parts>>] extends [never]
    ? Parts
    : { 'channels nobody handles': Exclude<ChannelName, ChannelsOf<Parts>> }
  : { 'channels handled twice': ChannelsTwice<Parts> };

/**
 * The contract's handlers, joined from the features' own: it compiles only when every channel is
 * handled by exactly one feature.
 */
export function joinIpcHandlers<const Parts extends readonly Partial<IpcHandlers>[]>(...parts: Parts & EveryChannelOnce<Parts>): IpcHandlers {
  return Object.assign({}, ...parts) as IpcHandlers;
}
