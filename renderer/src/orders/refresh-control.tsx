import { CloudDownloadOutlined, ReloadOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { StationErrorAlert } from '../errors/station-error-text';
import { shortChinaTime } from './order-columns';
import type { OrdersRefresh } from './use-orders-refresh';

/** Props of the refresh controls. */
export interface RefreshControlProps {
  refresh: OrdersRefresh;
  /** When the cache was last filled from the gateway (epoch ms), null before the first fetch. */
  fetchedAt: number | null;
}

/**
 * Refresh (F5) and full fetch (Shift+F5) with, while loading, a progress bar and Cancel. The
 * area keeps its size whether idle or loading, so the table below never jumps.
 */
export function RefreshControl({ refresh, fetchedAt }: RefreshControlProps) {
  const { t } = useTranslation();
  const { progress, running } = refresh;
  const percent = progress && progress.pagesPlanned > 0 ? Math.min(100, Math.round((progress.pagesDone / progress.pagesPlanned) * 100)) : 0;

  return (
    <div className="desk-refresh">
      <Space size="small" wrap>
        <Button type="primary" size="large" icon={<ReloadOutlined aria-hidden />} loading={running} onClick={() => void refresh.refresh()}>
          {t('refresh.refresh')} <kbd>F5</kbd>
        </Button>
        <Button size="large" icon={<CloudDownloadOutlined aria-hidden />} disabled={running} onClick={() => void refresh.fullFetch()}>
          {t('refresh.fullFetch')} <kbd>Shift+F5</kbd>
        </Button>
      </Space>
      <div className="desk-refresh__status">
        {running ? (
          <>
            <Progress percent={percent} size="small" status="active" aria-label={t('refresh.progressLabel')} className="desk-refresh__bar" />
            <Typography.Text role="status">
              {progress
                ? t('refresh.progress', { received: progress.ordersReceived, total: progress.totalElements ?? '?', done: progress.pagesDone, planned: progress.pagesPlanned })
                : t('refresh.starting')}
            </Typography.Text>
            <Button danger icon={<StopOutlined aria-hidden />} onClick={refresh.cancel}>
              {t('refresh.cancel')} <kbd>Esc</kbd>
            </Button>
          </>
        ) : (
          <Typography.Text type="secondary">{fetchedAt === null ? t('refresh.neverFetched') : t('refresh.fetchedAt', { time: shortChinaTime(fetchedAt) })}</Typography.Text>
        )}
      </div>
      {refresh.error ? <StationErrorAlert error={refresh.error} compact={false} /> : null}
    </div>
  );
}
