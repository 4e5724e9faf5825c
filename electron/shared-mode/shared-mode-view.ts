import type { DeskView, ElsewhereMark, SharedModeState } from '../../shared/domain/desks';

/**
 * What the station shows of the shared mode: its state, the account's desks, and which orders
 * another desk holds or issued. The composition root gives the IPC handlers one of these.
 */
export interface SharedModeView {
  state(): SharedModeState;
  desks(): Promise<DeskView[]>;
  /** The marks of the given orders that another desk holds or issued (orders of this desk or of none are absent), in one question. */
  elsewhere(orderNumbers: readonly string[]): Promise<Map<string, ElsewhereMark>>;
  /** Called when the state or the desks changed; answers the unsubscribe. */
  onChange(listener: () => void): () => void;
}

/** The view of a desk on its own (shared mode off): no desks, no order held elsewhere, nothing ever changes. */
export function createLocalModeView(): SharedModeView {
  return {
    state: () => 'off',
    desks: async () => [],
    elsewhere: async () => new Map(),
    onChange: () => () => {},
  };
}
