import { CloudDownloadOutlined, DownOutlined, ReloadOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Popover, Progress, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StationErrorAlert } from '../errors/station-error-text';
import { shortChinaTime } from './order-columns';
import { ServerFilters } from './server-filters';
import type { OrdersRefresh } from './use-orders-refresh';

/**
 * Refresh (F5), the packer's everyday load, and folded behind one button what is used rarely:
 * the full fetch (Shift+F5) and the fetch by condition, so the orders table keeps the screen.
 */
export function RefreshButtons({ refresh }: { refresh: OrdersRefresh }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { running } = refresh;
  const fetchAll = () => {
    setOpen(false);
    void refresh.fullFetch();
  };
  const more = (
    <div className="desk-fetch-more">
      <Button icon={<CloudDownloadOutlined aria-hidden />} disabled={running} onClick={fetchAll}>
        {t('refresh.fullFetch')} <kbd>Shift+F5</kbd>
      </Button>
      <ServerFilters refresh={refresh} onFetch={() => setOpen(false)} />
    </div>
  );
  return (
    <>
      <Button type="primary" icon={<ReloadOutlined aria-hidden />} loading={running} onClick={() => void refresh.refresh()}>
        {t('refresh.refresh')} <kbd>F5</kbd>
      </Button>
      <Popover content={more} trigger="click" placement="bottomLeft" open={open} onOpenChange={setOpen}>
        <Button aria-expanded={open} aria-haspopup="dialog" icon={<CloudDownloadOutlined aria-hidden />} title={t('refresh.more')}>
          <span className="desk-word-when-wide">{t('refresh.more')}</span> <DownOutlined aria-hidden />
        </Button>
      </Popover>
    </>
  );
}

/** Props of the loading status. */
export interface RefreshStatusProps {
  refresh: OrdersRefresh;
  /** When the loaded shops' caches were last filled from the gateway (epoch ms, the oldest of them), null before each was fetched once. */
  fetchedAt: number | null;
}

/** When the orders were last loaded, or while loading a progress bar and Cancel; a failed load says why. */
export function RefreshStatus({ refresh, fetchedAt }: RefreshStatusProps) {
  const { t } = useTranslation();
  const { progress, running } = refresh;
  const percent = progress && progress.pagesPlanned > 0 ? Math.min(100, Math.round((progress.pagesDone / progress.pagesPlanned) * 100)) : 0;

  return (
    <div className="desk-refresh">
      {running ? (
        <>
          <Progress percent={percent} size="small" status="active" aria-label={t('refresh.progressLabel')} className="desk-refresh__bar" />
          <Typography.Text role="status" className="desk-refresh__text">
            {refresh.progressShop ? `${t('refresh.progressShop', refresh.progressShop)} ` : null}
            {progress
              ? t('refresh.progress', { received: progress.ordersReceived, total: progress.totalElements ?? '?', done: progress.pagesDone, planned: progress.pagesPlanned })
              : t('refresh.starting')}
          </Typography.Text>
          <Button danger icon={<StopOutlined aria-hidden />} onClick={refresh.cancel}>
            {t('refresh.cancel')} <kbd>Esc</kbd>
          </Button>
        </>
      ) : (
        <Typography.Text type="secondary" className="desk-refresh__text">
          {fetchedAt === null ? t('refresh.neverFetched') : t('refresh.fetchedAt', { time: shortChinaTime(fetchedAt) })}
        </Typography.Text>
      )}
      {refresh.error ? <StationErrorAlert error={refresh.error} /> : null}
      {refresh.shopFailures.map((failure) => (
        <div key={failure.shop} className="desk-refresh__shop-failure">
          <Typography.Text strong>{t('refresh.shopFailed', { shop: failure.shop })}</Typography.Text>
          <StationErrorAlert error={failure.error} compact />
        </div>
      ))}
    </div>
  );
}
