/** Prefix of the Electron IPC channel that carries one contract channel (`station:<name>`). */
export const ipcChannelPrefix = 'station:';

/** The one Electron IPC channel on which main pushes contract events to the window. */
export const ipcEventChannel = 'station:event';
