import { Alert, Button, Collapse, Descriptions, Modal, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AboutInfo, DiagnosticsExport } from '../../../shared/ipc/ipc-contract';
import { useStation } from '../bridge/station-context';
import { useAboutStrings } from './about-strings';
import { aboutNamespace } from './about-text';
import { countByLicence, loadLicenceList, runtimeLine, type LicenceNotice } from './licence-list';

/** Props of the About dialog. */
export interface AboutDialogProps {
  open: boolean;
  onClose: () => void;
}

type Loaded<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'failed' };

/** The licences, grouped counts first, each package expandable to its licence text. */
function LicenceList({ notices }: { notices: LicenceNotice[] }) {
  const { t } = useTranslation(aboutNamespace);
  return (
    <>
      <Typography.Paragraph type="secondary">
        {countByLicence(notices)
          .map(({ license, count }) => `${license}: ${t('licenceCount', { count })}`)
          .join(' · ')}
      </Typography.Paragraph>
      <Collapse
        size="small"
        style={{ maxHeight: 320, overflow: 'auto' }}
        items={notices.map((notice) => ({
          key: `${notice.name}@${notice.version}`,
          label: `${notice.name} ${notice.version} — ${notice.license}`,
          children: notice.text ? (
            <pre style={{ whiteSpace: 'pre-wrap', fontSize: 12, margin: 0 }}>{notice.text}</pre>
          ) : (
            <Typography.Text type="secondary">{t('noLicenceText', { license: notice.license })}</Typography.Text>
          ),
        }))}
      />
    </>
  );
}

/**
 * About: the app's version and runtimes, the data folder (with a button to open it where the
 * shell can), "Export diagnostics" for support, and the third-party licences shipped with the app.
 */
export function AboutDialog({ open, onClose }: AboutDialogProps) {
  useAboutStrings();
  const { t } = useTranslation(aboutNamespace);
  const station = useStation();
  const [about, setAbout] = useState<Loaded<AboutInfo>>({ state: 'loading' });
  const [licences, setLicences] = useState<Loaded<LicenceNotice[]>>({ state: 'loading' });
  const [exported, setExported] = useState<{ state: 'idle' | 'running' | 'failed' } | { state: 'done'; result: DiagnosticsExport }>({ state: 'idle' });

  useEffect(() => {
    if (!open) return;
    let current = true;
    void station['app.about']({}).then((result) => current && setAbout(result.ok ? { state: 'ready', data: result.data } : { state: 'failed' }));
    loadLicenceList((url) => fetch(url)).then(
      (data) => current && setLicences({ state: 'ready', data }),
      () => current && setLicences({ state: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [open, station]);

  const exportDiagnostics = async () => {
    setExported({ state: 'running' });
    const result = await station['diagnostics.export']({});
    setExported(result.ok ? { state: 'done', result: result.data } : { state: 'failed' });
  };

  const info = about.state === 'ready' ? about.data : null;
  return (
    <Modal open={open} onCancel={onClose} title={t('title', { name: t('translation:app.name') })} footer={<Button onClick={onClose}>{t('close')}</Button>} width={720} scrollLock={false}>
      {info === null ? (
        <Spin />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'version', label: t('version', { version: '' }).trim(), children: info.version },
              { key: 'runtime', label: t('runtime'), children: `${runtimeLine(info.runtime)}${info.shell === 'browser-host' ? ` · ${t('shellBrowserHost')}` : ''}` },
              { key: 'system', label: t('system'), children: `${info.runtime.os.type} ${info.runtime.os.release} (${info.runtime.os.arch})` },
              { key: 'data', label: t('dataFolder'), children: <Typography.Text copyable>{info.dataDir}</Typography.Text> },
              { key: 'logs', label: t('logsFolder'), children: <Typography.Text copyable>{info.logsDir}</Typography.Text> },
            ]}
          />
          <Space wrap>
            <Button onClick={() => void station['app.open-data-folder']({})} disabled={!info.canOpenFolders} title={info.canOpenFolders ? undefined : t('openFolderUnavailable')}>
              {t('openDataFolder')}
            </Button>
            <Button type="primary" loading={exported.state === 'running'} onClick={() => void exportDiagnostics()}>
              {exported.state === 'running' ? t('exporting') : t('exportDiagnostics')}
            </Button>
          </Space>
          {exported.state === 'done' && <Alert type="success" showIcon title={t('exported', { file: exported.result.file })} />}
          {exported.state === 'failed' && <Alert type="error" showIcon title={t('exportFailed')} />}
        </Space>
      )}
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('licences')}
      </Typography.Title>
      <Typography.Paragraph>{t('licencesIntro')}</Typography.Paragraph>
      {licences.state === 'loading' && <Typography.Text type="secondary">{t('licencesLoading')}</Typography.Text>}
      {licences.state === 'failed' && <Alert type="warning" showIcon title={t('licencesUnavailable')} />}
      {licences.state === 'ready' && <LicenceList notices={licences.data} />}
    </Modal>
  );
}
