import { ApartmentOutlined, CloudServerOutlined, WarningFilled } from '@ant-design/icons';
import { Badge, Button, Drawer, Empty, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeskView } from '../../../shared/domain/desks';
import { formatChinaDateTime } from '../../../shared/time/china-time';
import { overlayContainer } from '../app/overlay-container';
import { useUi } from '../app/ui-store-context';
import { useDesksQuery } from '../bridge/station-queries';
import { PlainTable } from '../issue-print/plain-table';

/** "Desks" beside "History": opens the Desks view; shown only while the shared mode is on. */
export function DesksButton() {
  const { t } = useTranslation();
  const state = useDesksQuery().data?.state ?? 'off';
  const setDesksOpen = useUi((store) => store.setDesksOpen);
  if (state === 'off') return null;
  return (
    <Button icon={<ApartmentOutlined aria-hidden />} onClick={() => setDesksOpen(true)}>
      {t('desks.open')}
    </Button>
  );
}

/** The header's shared-mode badge: connected, or unreachable in the warning colour; nothing while the mode is off. */
export function SharedModeBadge() {
  const { t } = useTranslation();
  const state = useDesksQuery().data?.state ?? 'off';
  if (state === 'off') return null;
  const unreachable = state === 'unreachable';
  return (
    <Tooltip title={t(`desks.badgeHint.${state}`)}>
      <Tag role="status" color={unreachable ? 'warning' : 'success'} icon={unreachable ? <WarningFilled aria-hidden /> : <CloudServerOutlined aria-hidden />} className="station__shared-mode">
        {t(`desks.badge.${state}`)}
      </Tag>
    </Tooltip>
  );
}

/** The Desks view: each desk of the account, online or not, its current job, labels today and when it was last seen. */
export function DesksDrawer() {
  const { t } = useTranslation();
  const open = useUi((store) => store.desksOpen);
  const setDesksOpen = useUi((store) => store.setDesksOpen);
  const listing = useDesksQuery();
  const desks = listing.data?.desks ?? [];
  return (
    <Drawer open={open} onClose={() => setDesksOpen(false)} title={t('desks.title')} size={760} destroyOnHidden getContainer={overlayContainer}>
      {desks.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('desks.none')} />
      ) : (
        <PlainTable<DeskView>
          label={t('desks.tableLabel')}
          rows={desks}
          rowKey={(desk) => desk.deskId}
          columns={[
            {
              key: 'desk',
              title: t('desks.column.desk'),
              render: (desk) => (
                <Space size={8}>
                  <Typography.Text strong={desk.thisDesk}>{desk.name}</Typography.Text>
                  {desk.thisDesk ? <Tag color="blue">{t('desks.thisDesk')}</Tag> : null}
                </Space>
              ),
            },
            { key: 'online', title: t('desks.column.online'), render: (desk) => <Badge status={desk.online ? 'success' : 'default'} text={t(desk.online ? 'desks.online' : 'desks.offline')} /> },
            { key: 'job', title: t('desks.column.job'), render: (desk) => desk.currentJobId ?? <Typography.Text type="secondary">{t('desks.idle')}</Typography.Text> },
            { key: 'labels', title: t('desks.column.labelsToday'), render: (desk) => desk.labelsToday },
            { key: 'seen', title: t('desks.column.lastSeen'), render: (desk) => formatChinaDateTime(desk.lastSeenAt) },
          ]}
        />
      )}
    </Drawer>
  );
}
