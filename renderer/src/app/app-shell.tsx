import { PrinterOutlined } from '@ant-design/icons';
import { ConfigProvider, Layout, Segmented, Typography } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCNLocale from 'antd/locale/zh_CN';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountBar } from '../account-bar/account-bar';
import { uiLanguages, type UiLanguage } from '../i18n/setup-i18n';
import type { UiState } from './ui-store';
import type { StoreApi, UseBoundStore } from 'zustand';

/** Props of the application shell. */
export interface AppShellProps {
  useUiStore: UseBoundStore<StoreApi<UiState>>;
  /** The page's CSP nonce, for the styles antd inserts. */
  cspNonce: string;
}

/** The window's frame: title bar with the app's name and the language switch. */
export function AppShell({ useUiStore, cspNonce }: AppShellProps) {
  const { t, i18n } = useTranslation();
  const language = useUiStore((state) => state.language);
  const setLanguage = useUiStore((state) => state.setLanguage);

  useEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
    document.documentElement.lang = language;
  }, [i18n, language]);
  const appName = t('app.name');
  useEffect(() => {
    document.title = appName;
  }, [appName]);

  return (
    <ConfigProvider csp={{ nonce: cspNonce }} locale={language === 'zh-CN' ? zhCNLocale : enUS} theme={{ token: { fontSize: 15, controlHeight: 40 } }}>
      <Layout style={{ minHeight: '100vh' }}>
        <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 16, background: '#12355b' }}>
          <PrinterOutlined style={{ fontSize: 28, color: '#fff' }} aria-hidden />
          <Typography.Title level={1} style={{ color: '#fff', margin: 0, fontSize: 22, flex: 1 }}>
            {appName}
          </Typography.Title>
          <Segmented<UiLanguage>
            aria-label={t('language.label')}
            value={language}
            onChange={setLanguage}
            options={uiLanguages.map((code) => ({ value: code, label: t(`language.${code}`) }))}
          />
        </Layout.Header>
        <AccountBar />
        <Layout.Content style={{ padding: 24 }}>
          <Typography.Paragraph>{t('app.tagline')}</Typography.Paragraph>
        </Layout.Content>
      </Layout>
    </ConfigProvider>
  );
}
