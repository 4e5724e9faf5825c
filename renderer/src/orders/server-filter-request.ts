import { chinaDayStart } from '../../../shared/time/china-time';
import type { RefreshRequest } from './use-orders-refresh';
import type { ServerFilterForm, TimePreset } from './orders-slice';

const hourMs = 3_600_000;

/** The range a quick choice stands for at time `now` (open-ended: until now). */
export function presetRange(preset: Exclude<TimePreset, 'custom'>, now: number): ServerFilterForm['range'] {
  switch (preset) {
    case 'any':
      return null;
    case 'today':
      return [chinaDayStart(now), null];
    case 'last-24h':
      return [now - 24 * hourMs, null];
    case 'last-3d':
      return [now - 72 * hourMs, null];
  }
}

/** The server-side filters of a fetch, as the contract takes them; only the fields set are sent. */
export function serverFilterRequest(form: ServerFilterForm): NonNullable<RefreshRequest['filters']> {
  const remark = form.remark.trim();
  return {
    ...(form.range ? { startAt: form.range[0] } : {}),
    ...(form.range && form.range[1] !== null ? { endAt: form.range[1] } : {}),
    ...(remark !== '' ? { remark } : {}),
    ...(form.flag !== null ? { flag: form.flag } : {}),
  };
}
