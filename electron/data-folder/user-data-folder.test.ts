import { describe, expect, it } from 'vitest';
import { userDataFolder } from './user-data-folder';

// Electron's userData for an app named "Waybill Print Station", as its docs give appData per system.
describe('userDataFolder', () => {
  const product = 'Waybill Print Station';

  it('Windows: %APPDATA%, else the roaming folder under the profile', () => {
    expect(userDataFolder(product, { platform: 'win32', env: { APPDATA: 'C:\\Users\\pack\\AppData\\Roaming' }, home: 'C:\\Users\\pack' })).toBe(
      'C:\\Users\\pack\\AppData\\Roaming\\Waybill Print Station',
    );
    expect(userDataFolder(product, { platform: 'win32', env: {}, home: 'C:\\Users\\pack' })).toBe('C:\\Users\\pack\\AppData\\Roaming\\Waybill Print Station');
  });

  it('macOS: ~/Library/Application Support', () => {
    expect(userDataFolder(product, { platform: 'darwin', env: { XDG_CONFIG_HOME: '/elsewhere' }, home: '/Users/pack' })).toBe('/Users/pack/Library/Application Support/Waybill Print Station');
  });

  it('Linux: $XDG_CONFIG_HOME, else ~/.config (an empty variable counts as unset)', () => {
    expect(userDataFolder(product, { platform: 'linux', env: { XDG_CONFIG_HOME: '/home/pack/cfg' }, home: '/home/pack' })).toBe('/home/pack/cfg/Waybill Print Station');
    expect(userDataFolder(product, { platform: 'linux', env: {}, home: '/home/pack' })).toBe('/home/pack/.config/Waybill Print Station');
    expect(userDataFolder(product, { platform: 'linux', env: { XDG_CONFIG_HOME: '' }, home: '/home/pack' })).toBe('/home/pack/.config/Waybill Print Station');
  });
});
