import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { StationError } from '../../../shared/errors/station-error';
import { overlayContainer } from '../app/overlay-container';
import { useStation } from '../bridge/station-context';
import { useSettingsQuery } from '../bridge/station-queries';
import { formatWeight } from './use-scale';

/** What weighing a parcel came to: its weight (null: no scale set and nothing typed, the carrier's default goes), or why not. */
export type Weighing = { ok: true; weightG: number | null } | { ok: false; error: StationError | null };

/**
 * Weighs the parcel about to be issued: a weight typed by the packer, else — with a scale set —
 * the scale's stable weight taken now by main (`scale.take`: never an older or a moving one; an
 * unplugged, silent, overloaded or garbled scale answers why not). A weight outside Settings'
 * range is asked about before it is used. Nothing is issued on a refusal.
 */
export function useWeighParcel(): (typedG?: number) => Promise<Weighing> {
  const { t } = useTranslation();
  const station = useStation();
  const settings = useSettingsQuery();
  const { modal } = App.useApp();
  return useCallback(
    async (typedG) => {
      const scale = settings.data?.settings.scale;
      if (typedG === undefined && !scale?.enabled) return { ok: true, weightG: null };
      let weightG = typedG;
      if (weightG === undefined) {
        const taken = await station['scale.take']({});
        if (!taken.ok) return { ok: false, error: taken.error };
        weightG = taken.data.grams;
      }
      if (!scale || (weightG >= scale.minWeightG && weightG <= scale.maxWeightG)) return { ok: true, weightG };
      const grams = weightG;
      const confirmed = await new Promise<boolean>((resolve) => {
        modal.confirm({
          title: t('scale.outOfRange.title', { weight: formatWeight(grams) }),
          content: t('scale.outOfRange.content', { min: formatWeight(scale.minWeightG), max: formatWeight(scale.maxWeightG) }),
          okText: t('scale.outOfRange.ok', { weight: formatWeight(grams) }),
          cancelText: t('scale.outOfRange.cancel'),
          getContainer: overlayContainer,
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      });
      return confirmed ? { ok: true, weightG } : { ok: false, error: null };
    },
    [settings.data, station, modal, t],
  );
}
