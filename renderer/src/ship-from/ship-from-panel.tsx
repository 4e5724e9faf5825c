import { EnvironmentOutlined, WarningFilled } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Select, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { carrierName } from '../../../shared/domain/carriers';
import type { SettingsPatch } from '../../../shared/settings/settings-schema';
import { stationQueryKeys, useNetworkQuery, useSettingsQuery } from '../bridge/station-queries';
import { unwrapResult, useStation } from '../bridge/station-context';
import { useUi } from '../app/ui-store-context';
import { StationErrorAlert, stationErrorOf } from '../errors/station-error-text';
import { balanceTooLow, chooseAddressPatch, chooseBranchPatch, chooseCarrierPatch, formatAddress, matchShipFrom } from './ship-from-choice';
import './ship-from-panel.css';

/** The element id of the carrier picker (F7 focuses it). */
export const SHIP_FROM_CARRIER_ID = 'ship-from-carrier';

/** A drop-down option shown whole on two lines: the name, then its balance. */
function TwoLineOption({ title, detail }: { title: string; detail: string }) {
  return (
    <div className="ship-from__option">
      <div>{title}</div>
      <div className="ship-from__option-detail">{detail}</div>
    </div>
  );
}

/**
 * Where the parcels ship from: carrier → branch → sender address, from the network info, each
 * choice saved at once (so the desk opens on it next time), with the branch's balance and usage
 * and a warning when the balance is below the number of selected orders.
 */
export function ShipFromPanel() {
  const { t, i18n } = useTranslation();
  const station = useStation();
  const client = useQueryClient();
  const network = useNetworkQuery();
  const settings = useSettingsQuery();
  const selectedCount = useUi((state) => state.selection.selected.size);
  const save = useMutation({
    mutationFn: (patch: SettingsPatch) => unwrapResult(station['settings.update']({ patch })),
    onSuccess: (view) => client.setQueryData(stationQueryKeys.settings, view),
  });

  const nameOf = (code: string) => carrierName(code, i18n.language);

  const title = (
    <Typography.Text strong className="desk-section-title">
      <EnvironmentOutlined aria-hidden /> {t('shipFrom.title')} <kbd>F7</kbd>
    </Typography.Text>
  );

  if (network.isPending || settings.isPending) {
    return (
      <section className="ship-from" aria-label={t('shipFrom.label')}>
        <div className="ship-from__head">{title}</div>
        <Skeleton.Input active block size="large" />
      </section>
    );
  }
  if (network.isError || settings.isError) {
    return (
      <section className="ship-from" aria-label={t('shipFrom.label')}>
        <div className="ship-from__head">{title}</div>
        <StationErrorAlert error={stationErrorOf(network.error ?? settings.error)} compact />
      </section>
    );
  }
  const info = network.data;
  const choice = matchShipFrom(info, settings.data.settings.shipFrom);
  const { carrier, branch } = choice;
  const short = branch !== null && balanceTooLow(branch, selectedCount);

  // The facts line: the branch's numbers, or in their place the warning that the balance is too low.
  const facts = () => {
    if (short) {
      return (
        <span role="alert" className="ship-from__warning" title={t('shipFrom.lowBalanceRemedy')}>
          <WarningFilled aria-hidden /> {t('shipFrom.lowBalance', { balance: branch.quantity ?? 0, selected: selectedCount })}
        </span>
      );
    }
    if (choice.missing) {
      const missing = t(`shipFrom.missing.${choice.missing}`);
      return (
        <Typography.Text type="warning" title={missing}>
          {missing}
        </Typography.Text>
      );
    }
    if (!branch) {
      return (
        <Typography.Text type="secondary" title={t('shipFrom.choose')}>
          {t('shipFrom.choose')}
        </Typography.Text>
      );
    }
    return (
      <>
        <span>
          {t('shipFrom.balance')} <strong>{branch.quantity ?? '—'}</strong>
        </span>
        <span>
          {t('shipFrom.used')} <strong>{branch.allocatedQuantity ?? '—'}</strong>
        </span>
        <span>
          {t('shipFrom.selected')} <strong>{selectedCount}</strong>
        </span>
      </>
    );
  };

  return (
    <section className="ship-from" aria-label={t('shipFrom.label')}>
      <div className="ship-from__head">
        {title}
        <div className="ship-from__facts">{facts()}</div>
      </div>
      <div className="ship-from__pickers">
        <Select<string>
          id={SHIP_FROM_CARRIER_ID}
          showSearch
          optionFilterProp="label"
          size="large"
          aria-label={t('shipFrom.carrier')}
          placeholder={t('shipFrom.carrier')}
          value={carrier?.carrierCode}
          onChange={(code) => save.mutate(chooseCarrierPatch(info, code))}
          // The open list is as wide as its names (never "圆通速…"); the chosen one shows whole on hover.
          popupMatchSelectWidth={false}
          classNames={{ popup: { root: 'ship-from__popup' } }}
          options={info.carriers.map((each) => ({ value: each.carrierCode, label: `${nameOf(each.carrierCode)} (${each.carrierCode})` }))}
        />
        <Select<string>
          showSearch
          optionFilterProp="search"
          size="large"
          aria-label={t('shipFrom.branch')}
          placeholder={t('shipFrom.branch')}
          disabled={!carrier}
          value={branch?.branchCode}
          onChange={(code) => carrier && save.mutate(chooseBranchPatch(carrier, code))}
          popupMatchSelectWidth={false}
          classNames={{ popup: { root: 'ship-from__popup' } }}
          options={(carrier?.branches ?? []).map((each) => ({
            value: each.branchCode,
            label: t('shipFrom.branchName', { name: each.branchName, code: each.branchCode }),
            search: `${each.branchName} ${each.branchCode}`,
            detail: t('shipFrom.branchBalance', { balance: each.quantity ?? '—' }),
          }))}
          optionRender={(option) => <TwoLineOption title={String(option.data.label)} detail={option.data.detail} />}
        />
        <Select<number>
          showSearch
          optionFilterProp="label"
          size="large"
          aria-label={t('shipFrom.address')}
          placeholder={t('shipFrom.address')}
          disabled={!branch}
          value={choice.addressIndex ?? undefined}
          onChange={(index) => branch && save.mutate(chooseAddressPatch(branch, index))}
          popupMatchSelectWidth={false}
          classNames={{ popup: { root: 'ship-from__popup' } }}
          options={(branch?.senderAddresses ?? []).map((address, index) => ({ value: index, label: formatAddress(address) }))}
          optionRender={(option) => <div className="ship-from__option">{option.label}</div>}
        />
      </div>
      {save.isError ? <StationErrorAlert error={stationErrorOf(save.error)} compact /> : null}
    </section>
  );
}
