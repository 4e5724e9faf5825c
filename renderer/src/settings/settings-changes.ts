import { SETTINGS_MAP_FIELDS, type Settings, type SettingsPatch } from '../../../shared/settings/settings-schema';

/**
 * The settings change between two settings documents: only the fields that differ, the maps
 * (label sizes, templates, vvtype overrides) key by key with null for a removed key, exactly as
 * `settingsPatchSchema` and `mergeSettingsPatch` take them. Saving sends this and nothing else,
 * so a save never overwrites a setting the user did not touch.
 */

/** The sections a settings screen edits (everything but the schema version). */
const SECTIONS = ['gateway', 'print', 'shipFrom', 'ui', 'retention', 'paperwork', 'issueOptions', 'sharedMode', 'scale', 'verification'] as const;

/** Whether two JSON values are equal (objects compared key by key, in any order). */
export function sameJson(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) return false;
  if (Array.isArray(left) !== Array.isArray(right)) return false;
  const leftRecord = left as Record<string, unknown>;
  const rightRecord = right as Record<string, unknown>;
  const keys = new Set([...Object.keys(leftRecord), ...Object.keys(rightRecord)]);
  return [...keys].every((key) => sameJson(leftRecord[key], rightRecord[key]));
}

/** A map's change key by key: new or changed keys with their value, removed keys with null. */
function mapChanges(before: Readonly<Record<string, unknown>>, after: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) if (!sameJson(before[key], value)) changes[key] = value;
  for (const key of Object.keys(before)) if (!Object.hasOwn(after, key)) changes[key] = null;
  return changes;
}

/** The patch that turns `stored` into `next` (empty when they are the same). */
export function settingsChanges(stored: Settings, next: Settings): SettingsPatch {
  const patch: Record<string, Record<string, unknown>> = {};
  for (const section of SECTIONS) {
    const before: Record<string, unknown> = stored[section];
    const sectionChanges: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(next[section] as Record<string, unknown>)) {
      if (SETTINGS_MAP_FIELDS.get(section)?.includes(field)) {
        const changes = mapChanges(before[field] as Record<string, unknown>, value as Record<string, unknown>);
        if (Object.keys(changes).length > 0) sectionChanges[field] = changes;
      } else if (!sameJson(before[field], value)) {
        sectionChanges[field] = value;
      }
    }
    if (Object.keys(sectionChanges).length > 0) patch[section] = sectionChanges;
  }
  // Built field by field from two Settings documents: the shape settingsPatchSchema describes.
  return patch as SettingsPatch;
}

/** Whether a patch changes nothing. */
export function isEmptyPatch(patch: SettingsPatch): boolean {
  return Object.keys(patch).length === 0;
}
