import { AuditOutlined, BarChartOutlined, PrinterOutlined, QuestionCircleOutlined, SettingOutlined } from '@ant-design/icons';
import { App, Button, ConfigProvider, Layout, Segmented, Skeleton, Typography } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCNLocale from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { lazy, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AboutHost } from '../about/about-host';
import { AccountBar } from '../account-bar/account-bar';
import { DesksDrawer, SharedModeBadge } from '../desks/desks-view';
import { IssuePrintDrawer } from '../issue-print/issue-print-drawer';
import { RecoveryDialog } from '../recovery/recovery-dialog';
import { useSettingsQuery, useStationEventsIntoCache } from '../bridge/station-queries';
import { StationErrorAlert, stationErrorOf } from '../errors/station-error-text';
import { uiLanguages, type UiLanguage } from '../i18n/setup-i18n';
import { useWindowShortcuts } from '../shortcuts/use-window-shortcuts';
import { DeskScreen } from './desk-screen';
import { lazyScreen, ScreenLoading, ShownOnceAsked, usePreloadScreensWhenIdle } from './lazy-screens';
import { SettingsNotices } from './settings-notices';
import { useUi } from './ui-store-context';
import { useChooseLanguage } from './use-choose-language';
import { OperatorHeader } from '../operators/operator-header';
import { SignInScreen } from '../operators/sign-in-screen';
import { SupervisorApprovalDialog } from '../operators/supervisor-approval-dialog';
import { useOperatorSession } from '../operators/use-operator-session';
import { deskFontFamily } from './desk-font';

/** Props of the application shell. */
export interface AppShellProps {
  /** The page's CSP nonce, for the styles antd inserts. */
  cspNonce: string;
}


/**
 * The theme: antd's tokens, a little larger than default for a desk read at arm's length, and no
 * motion: dialogs and drawers appear at once, so a packer's next key or click never lands in an
 * opening animation (nor waits for one on a slow desk PC).
 */
const theme = { token: { fontFamily: deskFontFamily, fontSize: 15, controlHeight: 40, controlHeightLG: 46, borderRadius: 6, colorPrimary: '#1668dc', motion: false } };

// What the desk's first paint does not need: each its own script (lazy-screens.tsx).
const SettingsScreen = lazyScreen(() => import('../settings/settings-screen').then((module) => module.SettingsScreen));
const SetupScreen = lazyScreen(() => import('../setup/setup-screen').then((module) => module.SetupScreen));
const HistoryDrawer = lazyScreen(() => import('../history/history-drawer').then((module) => module.HistoryDrawer));
const HelpOverlay = lazyScreen(() => import('../shortcuts/help-overlay').then((module) => module.HelpOverlay));
const AuditLogScreen = lazyScreen(() => import('../audit/audit-log-screen').then((module) => module.AuditLogScreen));
// The statistics bring their chart library: fetched only when the screen is first opened, never ahead while the desk idles.
const StatisticsScreen = lazy(() => import('../statistics/statistics-screen').then((module) => ({ default: module.StatisticsScreen })));

/** The main area: setup on the first run, else Settings while open (F2), else Statistics while open, else the packing desk. */
function MainArea() {
  const settings = useSettingsQuery();
  const settingsOpen = useUi((state) => state.settingsOpen);
  const statisticsOpen = useUi((state) => state.statisticsOpen);
  const auditOpen = useUi((state) => state.auditOpen);
  const session = useOperatorSession();
  if (settings.isError) return <StationErrorAlert error={stationErrorOf(settings.error)} />;
  if (settings.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!settings.data.settings.ui.setupCompleted) {
    return (
      <ScreenLoading>
        <SetupScreen />
      </ScreenLoading>
    );
  }
  // Operators on and nobody signed in: the desk asks for a sign-in before anything else.
  if (session.data?.enabled && session.data.operator === null) return <SignInScreen />;
  if (settingsOpen) {
    return (
      <ScreenLoading>
        <SettingsScreen />
      </ScreenLoading>
    );
  }
  if (auditOpen) {
    return (
      <ScreenLoading>
        <AuditLogScreen />
      </ScreenLoading>
    );
  }
  return statisticsOpen ? (
    <ScreenLoading>
      <StatisticsScreen />
    </ScreenLoading>
  ) : (
    <DeskScreen />
  );
}

/** The window's frame: title bar (name, settings, shortcuts, language), account bar, main area. */
export function AppShell({ cspNonce }: AppShellProps) {
  const { t, i18n } = useTranslation();
  const language = useUi((state) => state.language);
  const chooseLanguage = useChooseLanguage();
  const setHelpOpen = useUi((state) => state.setHelpOpen);
  const setSettingsOpen = useUi((state) => state.setSettingsOpen);
  const helpOpen = useUi((state) => state.helpOpen);
  const historyOpen = useUi((state) => state.historyOpen);
  const setStatisticsOpen = useUi((state) => state.setStatisticsOpen);
  const setAuditOpen = useUi((state) => state.setAuditOpen);
  const settingsOpen = useUi((state) => state.settingsOpen);
  useStationEventsIntoCache();
  usePreloadScreensWhenIdle();
  useWindowShortcuts({ help: () => setHelpOpen(true), settings: () => setSettingsOpen(true) });

  useEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
    dayjs.locale(language === 'zh-CN' ? 'zh-cn' : 'en');
    document.documentElement.lang = language;
  }, [i18n, language]);
  const appName = t('app.name');
  useEffect(() => {
    document.title = appName;
  }, [appName]);

  return (
    <ConfigProvider csp={{ nonce: cspNonce }} locale={language === 'zh-CN' ? zhCNLocale : enUS} theme={theme} button={{ autoInsertSpace: false }}>
      <App>
        <Layout className="station">
          <Layout.Header className="station__header">
            <PrinterOutlined className="station__logo" aria-hidden />
            <Typography.Title level={1} className="station__title">
              {appName}
            </Typography.Title>
            <SharedModeBadge />
            <OperatorHeader />
            <Button type="text" className="station__header-button" icon={<BarChartOutlined aria-hidden />} onClick={() => setStatisticsOpen(true)}>
              {t('statistics.open')}
            </Button>
            <Button type="text" className="station__header-button" icon={<AuditOutlined aria-hidden />} disabled={settingsOpen} onClick={() => setAuditOpen(true)}>
              {t('audit.open')}
            </Button>
            <Button type="text" className="station__header-button" icon={<SettingOutlined aria-hidden />} onClick={() => setSettingsOpen(true)}>
              {t('header.settings')} <kbd>F2</kbd>
            </Button>
            <Button type="text" className="station__header-button" icon={<QuestionCircleOutlined aria-hidden />} onClick={() => setHelpOpen(true)}>
              {t('header.shortcuts')} <kbd>F1</kbd>
            </Button>
            <AboutHost />
            <Segmented<UiLanguage>
              aria-label={t('language.label')}
              value={language}
              onChange={chooseLanguage}
              options={uiLanguages.map((code) => ({ value: code, label: t(`language.${code}`) }))}
            />
          </Layout.Header>
          <AccountBar />
          <Layout.Content className="station__content">
            <SettingsNotices />
            <MainArea />
          </Layout.Content>
        </Layout>
        <ShownOnceAsked asked={helpOpen}>
          <HelpOverlay />
        </ShownOnceAsked>
        <IssuePrintDrawer />
        <ShownOnceAsked asked={historyOpen}>
          <HistoryDrawer />
        </ShownOnceAsked>
        <DesksDrawer />
        <RecoveryDialog />
        <SupervisorApprovalDialog />
      </App>
    </ConfigProvider>
  );
}
