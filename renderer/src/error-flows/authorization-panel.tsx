import { ExportOutlined } from '@ant-design/icons';
import { Alert, Button, QRCode, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { isWebLink } from './web-link';

/**
 * The 302 "shop not authorized" answer: the authorization link as a QR code (scanned with the
 * seller's phone) and a button that opens it in the system browser (http/https only).
 */
export function AuthorizationPanel({ authUrl }: { authUrl: unknown }) {
  const { t } = useTranslation();
  if (!isWebLink(authUrl)) return <Alert type="warning" showIcon title={t('errorFlows.authorization.noLink')} />;
  return (
    <Space align="start" size="large" className="authorization-panel">
      <QRCode value={authUrl} size={180} aria-label={t('errorFlows.authorization.qrLabel')} />
      <Space orientation="vertical">
        <span>{t('errorFlows.authorization.scan')}</span>
        <Button type="primary" icon={<ExportOutlined aria-hidden />} href={authUrl} target="_blank" rel="noopener noreferrer">
          {t('errorFlows.authorization.open')}
        </Button>
        <code className="authorization-panel__url">{authUrl}</code>
      </Space>
    </Space>
  );
}
