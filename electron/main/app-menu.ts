import { Menu, type MenuItemConstructorOptions } from 'electron';
import type { AppMenuCommand, AppMenuItem } from '../app-menu/app-menu-template';

/** Turns the plain menu template into Electron's, wiring each command to its action. */
function toElectronItems(items: AppMenuItem[], commands: Record<AppMenuCommand, () => void>): MenuItemConstructorOptions[] {
  return items.map(({ command, submenu, ...item }) => ({
    ...item,
    ...(command ? { click: commands[command] } : {}),
    ...(submenu ? { submenu: toElectronItems(submenu, commands) } : {}),
  }));
}

/** Sets the application menu from the template; call again when the UI language changes. */
export function setAppMenu(template: AppMenuItem[], commands: Record<AppMenuCommand, () => void>): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(toElectronItems(template, commands)));
}
