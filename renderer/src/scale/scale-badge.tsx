import { DashboardOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ScaleStateKind } from '../../../shared/domain/scale';
import { formatWeight, useScale } from './use-scale';

const colour: Record<ScaleStateKind, string> = {
  off: 'default',
  connecting: 'processing',
  unplugged: 'red',
  waiting: 'orange',
  garbage: 'red',
  overload: 'red',
  unstable: 'orange',
  stable: 'green',
};

/**
 * The desk scale in the header while one is set: its weight when it has one, else what is wrong
 * (unplugged, sends nothing, sends garbage, overload) and, on hover, what to check. Nothing while
 * no scale is set.
 */
export function ScaleBadge() {
  const { t } = useTranslation();
  const scale = useScale();
  const view = scale.data;
  if (!view || view.state === 'off') return null;
  const weight = view.grams === null ? '' : ` ${formatWeight(view.grams)}`;
  const detail = view.state === 'garbage' ? view.unreadable : view.state === 'unplugged' ? view.portError : null;
  return (
    <Tooltip title={<>{t(`scale.check.${view.state}`, { port: view.port })}{detail ? <div>{t('scale.received', { text: detail })}</div> : null}</>}>
      <Tag role="status" aria-label={t('scale.badgeLabel')} icon={<DashboardOutlined aria-hidden />} color={colour[view.state]} data-scale-state={view.state}>
        {t(`scale.state.${view.state}`)}
        {weight}
      </Tag>
    </Tooltip>
  );
}
