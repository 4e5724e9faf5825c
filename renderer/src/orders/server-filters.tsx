import { CloudDownloadOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { Button, DatePicker, Input, Segmented, Select, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { SELLER_FLAG_FILTER_VALUES } from '../../../shared/domain/seller-flags';
import { effectiveVvtype, soldOrderFiltersAvailable } from '../../../shared/gateway/editions';
import { useSettingsQuery } from '../bridge/station-queries';
import { useUi } from '../app/ui-store-context';
import { FlagLabel } from './flag-label';
import { TIME_PRESETS, type ServerFilterForm, type TimePreset } from './orders-slice';
import { presetRange, serverFilterRequest } from './server-filter-request';
import type { OrdersRefresh } from './use-orders-refresh';

/**
 * The gateway's own sold-order filters (confirmation time, remark, flag): they decide which
 * orders a fetch brings, so they cost fewer calls than fetching everything. Only the enhanced
 * editions have them (sold orders with vvtype 1); elsewhere they are disabled and say why.
 * `onFetch` runs once a fetch is started (the popover holding them closes).
 */
export function ServerFilters({ refresh, onFetch }: { refresh: OrdersRefresh; onFetch: () => void }) {
  const { t } = useTranslation();
  const settings = useSettingsQuery();
  const form = useUi((state) => state.serverFilters);
  const setForm = useUi((state) => state.setServerFilters);
  const gateway = settings.data?.settings.gateway;
  const available = gateway ? soldOrderFiltersAvailable(gateway.edition, gateway.vvtypeOverrides) : false;
  const disabled = !available || refresh.running;
  const reasonParams = gateway ? { edition: t(`editions.${gateway.edition}`), vvtype: effectiveVvtype(gateway.edition, gateway.vvtypeOverrides, 'sold-orders') ?? '—' } : {};

  const choosePreset = (preset: TimePreset) => {
    if (preset === 'custom') setForm({ preset });
    else setForm({ preset, range: presetRange(preset, Date.now()) });
  };
  const pickedRange = form.range ? ([dayjs(form.range[0]), form.range[1] === null ? null : dayjs(form.range[1])] as const) : null;
  const flagOptions = SELLER_FLAG_FILTER_VALUES.map((value) => ({ value, name: t(`flags.${value}`), label: <FlagLabel value={value} /> }));

  return (
    <section className="desk-server-filters" aria-label={t('serverFilters.label')}>
      <Typography.Text strong className="desk-section-title">
        {t('serverFilters.title')}
        <Tooltip title={t('serverFilters.hint')}>
          <Button type="text" size="small" icon={<InfoCircleOutlined aria-hidden />} aria-label={t('serverFilters.hintLabel')} className="desk-hint-icon" />
        </Tooltip>
      </Typography.Text>
      <Segmented<TimePreset>
        aria-label={t('serverFilters.timePresets')}
        value={form.preset}
        disabled={disabled}
        onChange={choosePreset}
        options={TIME_PRESETS.map((preset) => ({ value: preset, label: t(`serverFilters.preset.${preset}`) }))}
      />
      <DatePicker.RangePicker
        showTime={{ format: 'HH:mm' }}
        format="YYYY-MM-DD HH:mm"
        allowEmpty={[false, true]}
        disabled={disabled}
        value={pickedRange as ServerFilterRangeValue}
        placeholder={[t('serverFilters.from'), t('serverFilters.to')]}
        onChange={(values) => {
          const [from, to] = values ?? [null, null];
          setForm({ preset: from ? 'custom' : 'any', range: from ? [from.valueOf(), to ? to.valueOf() : null] : null });
        }}
      />
      <Input
        aria-label={t('serverFilters.remark')}
        placeholder={t('serverFilters.remark')}
        allowClear
        disabled={disabled}
        value={form.remark}
        onChange={(event) => setForm({ remark: event.target.value })}
        className="desk-server-filters__remark"
      />
      <Select<ServerFilterForm['flag']>
        aria-label={t('serverFilters.flag')}
        placeholder={t('serverFilters.flag')}
        showSearch
        optionFilterProp="name"
        allowClear
        disabled={disabled}
        value={form.flag}
        onChange={(flag) => setForm({ flag: flag ?? null })}
        options={flagOptions}
        className="desk-server-filters__flag"
      />
      <Button
        type="primary"
        icon={<CloudDownloadOutlined aria-hidden />}
        disabled={disabled}
        onClick={() => {
          onFetch();
          void refresh.fetchMatching(serverFilterRequest(form));
        }}
      >
        {t('serverFilters.fetch')}
      </Button>
      {available ? null : (
        <Tooltip title={t('serverFilters.unavailable', reasonParams)}>
          <Typography.Text type="warning" className="desk-server-filters__reason" tabIndex={0}>
            <InfoCircleOutlined aria-hidden /> {t('serverFilters.unavailableShort', reasonParams)}
          </Typography.Text>
        </Tooltip>
      )}
    </section>
  );
}

/** The RangePicker's value type (start required, end optional). */
type ServerFilterRangeValue = [dayjs.Dayjs, dayjs.Dayjs | null] | null;
