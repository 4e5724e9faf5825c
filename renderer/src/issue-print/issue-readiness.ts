import type { Settings } from '../../../shared/settings/settings-schema';
import type { ShipFromChoice } from '../ship-from/ship-from-choice';

/**
 * What keeps "Issue and print" from starting, first things first: no order selected, the
 * ship-from choice incomplete (F7), or — against the real gateway, where demo mode's own sender
 * and templates do not stand in — no sender or no label template for the carrier (Settings, F2).
 */
export type IssueBlocker = 'orders' | 'carrier' | 'branch' | 'address' | 'sender' | 'template';

/** The first blocker of issuing `selected` orders from this ship-from choice, or null when it can start. */
export function issueBlocker(selected: number, choice: ShipFromChoice | null, settings: Settings): IssueBlocker | null {
  if (selected === 0) return 'orders';
  if (!choice?.carrier) return 'carrier';
  if (!choice.branch) return 'branch';
  if (choice.addressIndex === null) return 'address';
  if (settings.gateway.baseUrl === null) return null;
  if (settings.shipFrom.senderName.trim() === '' || settings.shipFrom.senderPhone.trim() === '') return 'sender';
  if (!settings.print.templateUrlByCarrier[choice.carrier.carrierCode]) return 'template';
  return null;
}

/** Where a blocker is fixed: the ship-from pickers on the desk (F7) or Settings (F2). */
export function blockerFixedIn(blocker: IssueBlocker): 'ship-from' | 'settings' | 'table' {
  if (blocker === 'orders') return 'table';
  return blocker === 'sender' || blocker === 'template' ? 'settings' : 'ship-from';
}
