import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_GATEWAY, type GatewayIdentity } from '../../shared/domain/gateway-identity';
import type { StartUpReport } from '../../shared/domain/issuing';
import { describeError, stationError, type StationError } from '../../shared/errors/station-error';
import type { AboutInfo, ChannelOutput, IpcHandlers, SettingsView, StationInfo } from '../../shared/ipc/ipc-contract';
import { gatewayAddressProblem, gatewayOriginOf } from '../../shared/settings/gateway-address';
import { DEMO_GATEWAY_ACCOUNT, labelSizeFor, type Settings } from '../../shared/settings/settings-schema';
import { readRuntimeVersions } from '../about/runtime-versions';
import { acquireDataFolderLock } from '../data-folder/data-folder-lock';
import { resolveDataFolder } from '../data-folder/resolve-data-folder';
import { writeDiagnosticsArchive } from '../diagnostics/diagnostics-archive';
import { createRateLimiter } from '../gateway/rate-limiter';
import { createIpcDispatcher, type IpcDispatch } from '../ipc/ipc-dispatcher';
import { createStationEvents, type StationEvents } from '../ipc/station-events';
import { StationFailure } from '../ipc/to-station-error';
import type { JobSafePoints } from '../lifecycle/quit-guard';
import { createStationLogger, type StationLogger } from '../logging/station-logger';
import { createSettingsStore } from '../settings/settings-store';
import { stationBackends } from '../store/station-backends';
import type { StationMode } from '../store/station-backends';
import type { StationBackend } from '../store/station-backend';
import { createTokenVault, type TokenCipher } from '../token-vault/token-vault';
import { PrintComponentError, type PrintComponent } from '../printing/print-component';
import { printComponentStationError } from '../printing/print-station-errors';
import { calibratePrinter, choosePrinter, listPrinters, printTestLabel } from '../printing/printer-setup';
import { chinaDayOf } from '../../shared/time/china-time';
import { createGatewayAccess } from './gateway-access';
import { soldOrderFiltersAvailable } from '../../shared/gateway/editions';
import { createIssuingEngine } from '../issuing/issuing-engine';
import { createLabelPreviewer } from '../issuing/label-preview';
import { createLabelRenderer, type LabelRenderer } from '../labels/label-renderer';
import { createWaybillHistory } from '../issuing/waybill-history';
import { createOrderCache } from '../order-cache/order-cache';
import { printTaskStoreOf } from '../printing/print-task-store';
import { issueSettings } from './issue-settings';
import { createPrintAccess } from './print-access';
import { createOsPrinting } from '../os-printing/os-printing';
import type { OsPrinting } from '../os-printing/os-printing-types';
import { createPaperworkRenderer, type PaperworkRenderer } from '../paperwork/paperwork-renderer';
import { createPaperworkService } from '../paperwork/paperwork-service';
import { createPaperworkSources } from '../paperwork/paperwork-sources';

/** How long label changes are gathered before the orders table is told (once) that orders changed. */
const PRINT_CHANGES_GATHER_MS = 250;

/** Values given on the command line or by environment: they win over settings for this run only. */
export interface RunOverrides {
  baseUrl?: string | undefined;
  token?: string | undefined;
  shopId?: string | undefined;
  componentUrl?: string | undefined;
}

/** What only the desktop shell can do for the services (the browser host has none of it). */
export interface DesktopActions {
  /** Opens a folder in the file manager; false when the OS refused. */
  openFolder: (folder: string) => Promise<boolean>;
  /** Shows a file selected in its folder. */
  revealFile: (file: string) => void;
}

/** What the shells pass to the composition root. */
export interface CreateStationOptions {
  shell: StationInfo['shell'];
  /** An explicit data folder (else STATION_DATA_DIR, else `appDataDir`). */
  dataDir?: string | undefined;
  /** The platform's default data folder, from the shell. */
  appDataDir?: string;
  /** How the token is encrypted at rest: Electron's safeStorage, or a key file of the host's own. */
  tokenCipher: (dataDir: string) => TokenCipher;
  overrides: RunOverrides;
  /** Size of the embedded sandbox's demo shop on first start (tests and benchmarks). */
  demoOrders?: number | undefined;
  /** Also log to the console (the browser host and development). */
  consoleLog?: boolean;
  /** The desktop shell's file-manager actions (About → open data folder, diagnostics). */
  desktop?: DesktopActions;
}

/** A wired station: the contract's dispatcher, its event bus, and what the shells show. */
export interface Station {
  dispatch: IpcDispatch;
  events: StationEvents;
  info: StationInfo;
  /** The UI language the user chose, or null to follow the system. */
  uiLanguage: () => Settings['ui']['language'];
  /** The station's log (the shell logs its own lifecycle and uncaught errors there). */
  logger: StationLogger;
  /** Running jobs and how to stop them at a safe point, for the quit question. */
  jobs: JobSafePoints;
  /** Stops the embedded servers, closes the database and frees the data folder. */
  close: () => Promise<void>;
}

/**
 * The station, or a refusal the shell shows (e.g. the data folder is in use, the database is
 * damaged): `message` in English for logs and consoles, `error` for the shell to show in the
 * user's language.
 */
export type StartedStation = { ok: true; station: Station } | { ok: false; message: string; error: StationError };

/** The gateway and shop jobs are issued against under these (effective) settings. */
export function gatewayIdentityOf(settings: Settings): GatewayIdentity {
  return { baseUrl: settings.gateway.baseUrl ?? DEMO_GATEWAY, shopId: settings.gateway.shopId };
}

/** The channels that issue or print: refused while the settings need attention. */
const issuingOrPrintingChannels = [
  'issue.plan',
  'issue.start',
  'jobs.retry',
  'jobs.confirm-preview',
  'history.reprint',
  'history.resend-unknown',
  'history.refetch-print-data',
  'printers.test-print',
] as const;

const packageJson = JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string; productName: string };

/**
 * The composition root: the one place the services are created and wired. The Electron shell
 * and the browser host both call it; only the token cipher differs between them.
 */
export async function createStation(options: CreateStationOptions): Promise<StartedStation> {
  const dataDir = resolveDataFolder({ explicit: options.dataDir, env: process.env, appDataDir: options.appDataDir });
  let lock;
  try {
    lock = acquireDataFolderLock(dataDir, { owner: `${packageJson.productName} ${packageJson.version} (${options.shell})` });
  } catch (error) {
    if (!(error instanceof StationFailure)) throw error;
    return refused(error.error);
  }

  const vault = createTokenVault({ filePath: join(dataDir, 'token.vault'), cipher: options.tokenCipher(dataDir) });
  const secrets: (string | null | undefined)[] = [options.overrides.token];
  const currentSecrets = () => [...secrets, safeRead(() => vault.read())];
  const logsDir = join(dataDir, 'logs');
  const logger = createStationLogger({ directory: logsDir, console: options.consoleLog ?? false, secrets: currentSecrets });
  const settings = createSettingsStore({ filePath: join(dataDir, 'settings.json'), log: logger });
  const effectiveSettings = (): Settings => {
    const stored = settings.get();
    const { baseUrl, shopId, componentUrl } = options.overrides;
    const gateway = { ...stored.gateway, ...(baseUrl ? { baseUrl } : {}), ...(shopId ? { shopId } : {}) };
    return {
      ...stored,
      // Demo mode runs against the embedded sandbox, whose demo account stands in for the shop.
      gateway: gateway.baseUrl === null ? { ...gateway, ...DEMO_GATEWAY_ACCOUNT } : gateway,
      print: { ...stored.print, ...(componentUrl ? { componentUrl } : {}) },
    };
  };
  const overridden = Boolean(options.overrides.baseUrl ?? options.overrides.shopId);
  /** Where this station keeps its data (the shared mode joins the map later). */
  const mode: StationMode = 'local';
  let backend: StationBackend;
  try {
    backend = await stationBackends[mode]({
      file: join(dataDir, 'station.db'),
      // Rows written before the gateway was recorded were issued under the settings read intact now, if any.
      context: { legacyGateway: settings.loadNotice === null && !settings.startedFromDefaults && !overridden ? gatewayIdentityOf(effectiveSettings()) : null },
      onMigration: (event) => logger.info('database migrated', event),
    });
  } catch (error) {
    lock.release();
    if (!(error instanceof StationFailure)) throw error;
    logger.error('station database refused', { code: error.error.code, params: error.error.params });
    return refused(error.error);
  }
  const journal = { read: backend.read.journal, write: backend.write.journal };
  /**
   * The settings need attention when none could be read (the defaults, which are demo mode, are in
   * use) while the journal holds work issued outside demo mode: nothing is issued, printed or
   * reconciled until the user has set the connection again.
   */
  let settingsNeedAttention = settings.startedFromDefaults && !overridden && (await journal.read.hasJobsOutside(DEMO_GATEWAY));
  if (settingsNeedAttention) logger.warn('settings need attention: the journal holds work of a real gateway and no settings could be read', { notice: settings.loadNotice });
  const gatewayIdentity = () => gatewayIdentityOf(effectiveSettings());
  const limiter = createRateLimiter({ marginMs: settings.get().gateway.rateLimitMarginMs });
  settings.onChange((changed) => limiter.setMarginMs(changed.gateway.rateLimitMarginMs));
  const events = createStationEvents();
  const gateway = createGatewayAccess({
    dataDir,
    settings: effectiveSettings,
    token: () => options.overrides.token ?? vault.read(),
    limiter,
    logger,
    costLedger: backend.write.costs,
    onSandboxToken: (token) => secrets.push(token),
    demoOrders: options.demoOrders,
  });

  const print = createPrintAccess({
    dataDir,
    settings: effectiveSettings,
    logger,
    // No label waits in the queue while the settings need attention; only the current gateway's afterwards.
    store: printTaskStoreOf({ read: backend.read.printTasks, write: backend.write.printTasks }, () => (settingsNeedAttention ? null : gatewayIdentity())),
    onState: (state) => events.emit('print.component-state', state),
  });
  print.printerState.onChange((state) => events.emit('print.printer-state', state));
  const ordersChanged = () => events.emit('orders.changed', { at: Date.now() });
  // The orders table shows each order's print state (a printed order scanned again must alarm):
  // label changes tell it, gathered so a long job does not list the orders again for every label.
  let printChangeTold = false;
  print.queue.onEvent((event) => {
    if (event.kind === 'status') events.emit('print.queue-status', event.status);
    else if (!printChangeTold) {
      printChangeTold = true;
      setTimeout(() => {
        printChangeTold = false;
        ordersChanged();
      }, PRINT_CHANGES_GATHER_MS).unref();
    }
  });
  /** Runs a request against the print component, turning its failures into typed errors. */
  const withComponent = async <T>(command: string, request: (component: PrintComponent) => Promise<T>): Promise<T> => {
    const { component, url } = await print.component();
    try {
      return await request(component);
    } catch (error) {
      if (error instanceof PrintComponentError) throw new StationFailure(printComponentStationError(error, { url, command }));
      throw error;
    }
  };

  /**
   * The printer of a new job: the stored choice, else the one the component's list resolves to
   * (its default, unless it reports that one disabled). '' (the component's default) when the
   * component cannot say: the job then waits for it like any label.
   */
  const jobPrinter = async (stored: string): Promise<string> => {
    if (stored !== '' || settings.get().print.output !== 'component') return stored;
    try {
      return (await withComponent('getPrinters', (component) => listPrinters(component, null))).effective ?? '';
    } catch {
      return '';
    }
  };

  const orders = createOrderCache({
    store: { read: backend.read.orders, write: backend.write.orders },
    client: () => gateway.client(),
    shopId: () => effectiveSettings().gateway.shopId,
    timeFilterAvailable: () => {
      const { edition, vvtypeOverrides } = effectiveSettings().gateway;
      return soldOrderFiltersAvailable(edition, vvtypeOverrides);
    },
    onProgress: (progress) => events.emit('orders.refresh-progress', progress),
    onChanged: ordersChanged,
  });
  const engine = createIssuingEngine({
    journal,
    printTasks: backend.read.printTasks,
    costs: backend.read.costs,
    gateway: () => gateway.client(),
    gatewayIdentity,
    soldOrders: (orderNumbers) => orders.get(orderNumbers),
    queue: print.queue,
    logger,
    emit: (event) => {
      if (event.kind === 'job') events.emit('jobs.changed', event.job);
      else {
        events.emit('jobs.orders-changed', { jobId: event.jobId, orders: event.orders });
        ordersChanged();
      }
    },
  });
  let labelRenderer: LabelRenderer | null = null;
  const previewer = createLabelPreviewer({
    journal: journal.read,
    queue: print.queue,
    renderer: () => (labelRenderer ??= createLabelRenderer()),
    labelSize: (carrierCode) => labelSizeFor(effectiveSettings().print, carrierCode),
    componentUrl: async () => (await print.component()).url,
  });
  let osPrinting: OsPrinting | null = null;
  const slipPrinting = (): OsPrinting => (osPrinting ??= createOsPrinting());
  const paperwork = createPaperworkService({
    sources: createPaperworkSources({ journal: backend.read.paperwork, soldOrders: (orderNumbers) => orders.get(orderNumbers) }),
    renderer: () => (paperworkRenderer ??= createPaperworkRenderer()),
    labelRenderer: () => (labelRenderer ??= createLabelRenderer()),
    printing: slipPrinting,
    settings: () => {
      const current = effectiveSettings();
      return { paperwork: current.paperwork, shopName: current.gateway.sellerNick, language: current.ui.language ?? 'zh-CN' };
    },
    jobSettings: async (jobId) => (await journal.read.job(jobId))?.settings,
    log: logger,
    onSlipsFailed: (failure) => events.emit('paperwork.slips-failed', failure),
  });
  let paperworkRenderer: PaperworkRenderer | null = null;
  // Slips follow their labels: a job planned with slips prints each one once its label printed.
  print.queue.onEvent((event) => paperwork.followLabels(event));
  const history = createWaybillHistory({
    history: { read: backend.read.history, write: backend.write.history },
    printTasks: { read: backend.read.printTasks, write: backend.write.printTasks },
    queue: print.queue, gateway: () => gateway.client(), gatewayIdentity });
  const purgePrintData = async () => {
    const purged = await history.purgePrintData(settings.get().retention.printDataRetentionDays);
    if (purged.waybills > 0) logger.info('stored print data purged by retention', purged);
  };
  await purgePrintData();
  const dailyPurge = setInterval(() => void purgePrintData().catch((error: unknown) => logger.warn('print data purge failed', { error: String(error) })), 24 * 60 * 60 * 1000);
  dailyPurge.unref();
  /**
   * The start-up pass runs once, in the background; issuing waits for it. While the settings need
   * attention it has not run: it starts once the connection is set again, taking the labels that
   * waited for that gateway into the print queue first.
   */
  let startUp: Promise<StartUpReport> | null = null;
  const runStartUp = (): Promise<StartUpReport> => {
    startUp ??= print
      .follow()
      .then(async () => {
        await print.queue.loadWaiting();
        return engine.startUp();
      })
      .catch((error: unknown) => {
        logger.error('start-up reconciliation failed', { error: String(error) });
        throw error;
      });
    startUp.catch(() => undefined);
    return startUp;
  };
  if (!settingsNeedAttention) void runStartUp();
  const afterStartUp = async <T>(work: () => T | Promise<T>): Promise<T> => {
    await runStartUp();
    return work();
  };
  /** While the settings need attention, the start-up report says only what waits, and for which gateway. */
  const startUpReport = (): Promise<StartUpReport> =>
    settingsNeedAttention
      ? journal.read.waitingForOtherGateways(gatewayIdentity()).then((waiting) => ({ reconciled: { recovered: [], issuedElsewhere: [], notIssued: [], unresolved: [] }, interruptedJobs: [], labelsQueued: 0, waiting }))
      : runStartUp();
  settings.onChange(() => void print.follow().catch((error: unknown) => logger.warn('print output could not follow the settings', { error: String(error) })));

  const settingsView = (): SettingsView => ({ settings: effectiveSettings(), token: vault.status() });
  settings.onChange(() => events.emit('settings.changed', settingsView()));
  /**
   * A token belongs to the gateway it was entered for: once the address points at another
   * origin, the stored token is forgotten (never sent to the new gateway) and the user enters
   * the new gateway's token. A token stored before tokens were bound to a gateway counts as the
   * previous address's.
   */
  const forgetTokenOfAnotherGateway = (originBefore: string | null) => {
    const origin = gatewayOriginOf(effectiveSettings().gateway.baseUrl);
    if (origin === null || !vault.status().isSet) return;
    const recorded = vault.gatewayOrigin();
    const tokenOrigin = recorded === undefined ? originBefore : recorded;
    if (tokenOrigin === origin) return;
    vault.clear();
    logger.info('token forgotten: the gateway address changed to another origin', { from: tokenOrigin, to: origin });
    events.emit('settings.changed', settingsView());
  };
  const notice = settings.loadNotice;
  const info = (): StationInfo => ({
    shell: options.shell,
    version: packageJson.version,
    dataDir,
    demoMode: effectiveSettings().gateway.baseUrl === null,
    settingsNotice: notice ? { setAsidePath: notice.setAsidePath, reason: notice.reason, restoredLastGood: notice.kind === 'restored-last-good' } : null,
    settingsNeedAttention,
  });
  const about = (): AboutInfo => ({
    productName: packageJson.productName,
    version: packageJson.version,
    shell: options.shell,
    runtime: readRuntimeVersions(),
    dataDir,
    logsDir,
    canOpenFolders: options.desktop !== undefined,
  });

  const handlers: IpcHandlers = {
    'station.info': info,
    'settings.get': settingsView,
    'settings.update': ({ patch }) => {
      const baseUrl = patch.gateway?.baseUrl;
      if (typeof baseUrl === 'string' && gatewayAddressProblem(baseUrl) !== null) throw new StationFailure(stationError('settings.gateway-insecure', { baseUrl }));
      const current = effectiveSettings().gateway;
      const movesGateway = (patch.gateway?.baseUrl !== undefined && patch.gateway.baseUrl !== current.baseUrl) || (patch.gateway?.shopId !== undefined && patch.gateway.shopId !== current.shopId);
      // Labels already handed to the print queue would follow the new gateway's output (the demo
      // emulator, say) and be recorded printed without coming out: the move waits for them.
      if (movesGateway && !settingsNeedAttention) {
        const { counts } = print.queue.status();
        const busy = { jobs: engine.activeJobs().length, labels: counts.queued + counts.sent + counts.accepted };
        if (busy.jobs > 0 || busy.labels > 0) throw new StationFailure(stationError('settings.gateway-busy', busy));
      }
      const originBefore = gatewayOriginOf(current.baseUrl);
      settings.update(patch);
      forgetTokenOfAnotherGateway(originBefore);
      // The user chose the connection (demo or a gateway): the desk may issue and print again.
      if (settingsNeedAttention && patch.gateway?.baseUrl !== undefined) {
        settingsNeedAttention = false;
        logger.info('settings attention cleared: the connection was set', { gateway: gatewayIdentity() });
        void runStartUp();
      }
      return settingsView();
    },
    'token.set': ({ token, acceptWeakProtection }) => {
      vault.write(token, { gatewayOrigin: gatewayOriginOf(effectiveSettings().gateway.baseUrl), acceptWeakProtection });
      return vault.status();
    },
    'token.clear': () => {
      vault.clear();
      return vault.status();
    },
    'subscription.get': async () => unwrap(await (await gateway.client()).subscription({ priority: 'interactive' })),
    'network.get': async () => unwrap(await (await gateway.client()).networkInfo({}, { priority: 'interactive' })),
    'connection.test': async (): Promise<ChannelOutput<'connection.test'>> => {
      const client = await gateway.client();
      const [subscription, network] = await Promise.all([
        client.subscription({ priority: 'interactive' }),
        client.networkInfo({}, { priority: 'interactive' }),
      ]);
      return {
        subscription,
        network: network.ok
          ? { ok: true, data: { carriers: network.data.carriers.length, branches: network.data.carriers.reduce((sum, carrier) => sum + carrier.branches.length, 0) } }
          : network,
      };
    },
    'costs.summary': async () => ({
      today: await backend.read.costs.totalForChinaDay(chinaDayOf(Date.now())),
      issueCallPoints: (await backend.read.costs.lastIssueCallPoints()) ?? (await backend.read.costs.lastCallPoints()) ?? 1,
    }),
    'orders.list': () => orders.list(),
    'issue.plan': ({ orderNumbers, merge, keepApart, printOrder, packingSlips, ...choices }) =>
      afterStartUp(async () => {
        const jobSettings = issueSettings(effectiveSettings(), choices);
        return engine.plan({
          ...jobSettings,
          printer: await jobPrinter(jobSettings.printer),
          printOrder: printOrder ?? 'as-selected',
          packingSlips: packingSlips ?? jobSettings.packingSlips ?? false,
          orderNumbers,
          merge,
          keepApart,
        });
      }),
    'issue.start': (request) => afterStartUp(() => engine.start(request)),
    'jobs.cancel': ({ jobId }) => engine.cancel(jobId),
    'jobs.confirm-preview': ({ jobId }) => engine.confirmPreview(jobId),
    'jobs.retry': (request) => afterStartUp(() => engine.retry(request)),
    'jobs.print-again': (request) =>
      afterStartUp(async () => {
        const result = await engine.printAgain(request);
        if (result.requeued > 0) {
          print.printerState.acknowledge();
          print.stall.restart();
        }
        return result;
      }),
    'jobs.stop-printing': ({ jobId }) => engine.stopPrinting(jobId),
    'jobs.switch-printer': async ({ jobId, printer }) => {
      const choice = await withComponent('getPrinters', (component) => choosePrinter(component, printer));
      if (!choice.ok) throw new StationFailure(stationError('print.printer-not-offered', { printer }));
      print.printerState.acknowledge();
      print.stall.restart();
      return engine.switchPrinter({ jobId, printer });
    },
    'jobs.list': ({ limit }) => engine.jobs(limit),
    'jobs.orders': ({ jobId }) => engine.jobOrders(jobId),
    'jobs.summary': ({ jobId }) => engine.summary(jobId),
    'jobs.startup-report': startUpReport,
    'print.queue-status': () => print.queue.status(),
    'history.search': (query) => history.search(query),
    'history.reprint': (request) => history.reprint(request),
    'history.resend-unknown': ({ waybillCodes }) => history.resendUnknown(waybillCodes),
    'history.void': async (request) => ({ changed: await history.setVoid(request) }),
    'history.export-csv': (query) => history.exportCsv(query),
    'history.refetch-print-data': ({ waybillCodes }) => history.refetchPrintData(waybillCodes),
    'orders.refresh-estimate': () => orders.estimate(),
    'orders.refresh': (request) => orders.refresh(request),
    'orders.refresh-cancel': () => ({ cancelled: orders.cancel() }),
    'print.preview': (reference) => withComponent('print', () => previewer.preview(reference)),
    'print.component-state': async () => (await print.component()).component.state(),
    'print.printer-state': () => print.printerState.state(),
    'print.stall-retry': () => {
      print.stall.restart();
      // Asked in the background: a hung component answers nothing, and the stall then shows again.
      void print.queue.reconcile();
      void print.printerState.refresh();
      return print.printerState.state();
    },
    'printers.list': () => withComponent('getPrinters', (component) => listPrinters(component, settings.get().print.printer)),
    'printers.choose': async ({ printer }) => {
      if (printer !== null) {
        const choice = await withComponent('getPrinters', (component) => choosePrinter(component, printer));
        if (!choice.ok) throw new StationFailure(stationError('print.printer-not-offered', { printer }));
      }
      settings.update({ print: { printer } });
      return settingsView();
    },
    'printers.test-print': ({ printer }) => withComponent('print', (component) => printTestLabel(component, { printer })),
    'printers.get-config': ({ printer }) => withComponent('getPrinterConfig', (component) => component.getPrinterConfig(printer)),
    'printers.calibrate': ({ printer, horizontalOffset, verticalOffset }) =>
      withComponent('setPrinterConfig', (component) => calibratePrinter(component, printer, { horizontalOffset, verticalOffset })),
    'paperwork.print-slips': (scope) => paperwork.printSlips(scope),
    'paperwork.print-picking-list': (request) => paperwork.printPickingList(request),
    'paperwork.picking-list-pdf': (request) => paperwork.pickingListPdf(request),
    'paperwork.custom-area-preview': (request) => paperwork.customAreaPreview(request),
    'paperwork.slip-printers': async () => {
      const listed = await slipPrinting().listPrinters();
      const chosen = settings.get().paperwork.slipPrinter;
      if (!listed.ok) return { printers: [], chosen, error: stationError(listed.error.code, listed.error.params as never) };
      return { printers: listed.data.map(({ name, isDefault }) => ({ name, isDefault })), chosen, error: null };
    },
    'app.about': about,
    'app.open-data-folder': async () => ({ opened: options.desktop ? await options.desktop.openFolder(dataDir) : false }),
    'diagnostics.export': async () => {
      const written = await writeDiagnosticsArchive({
        dataDir,
        logsDir,
        journal: backend.read.diagnostics,
        settings: settingsView,
        secrets: currentSecrets,
        app: { name: packageJson.productName, version: packageJson.version, shell: options.shell },
        runtime: readRuntimeVersions(),
      });
      logger.info('diagnostics exported', { file: written.file, bytes: written.bytes });
      options.desktop?.revealFile(written.file);
      return { ...written, revealed: options.desktop !== undefined };
    },
  };

  for (const channel of issuingOrPrintingChannels) {
    const handler = handlers[channel] as (input: never) => unknown;
    (handlers as Record<string, unknown>)[channel] = (input: never) => {
      if (settingsNeedAttention) throw new StationFailure(stationError('settings.need-attention', { channel }));
      return handler(input);
    };
  }

  logger.info('station started', { shell: options.shell, version: packageJson.version, demoMode: info().demoMode, settingsNeedAttention });
  return {
    ok: true,
    station: {
      dispatch: createIpcDispatcher(handlers, { error: (message, details) => logger.error(message, details) }),
      events,
      get info() {
        return info();
      },
      uiLanguage: () => settings.get().ui.language,
      logger,
      jobs: engine,
      close: async () => {
        clearInterval(dailyPurge);
        // The start-up pass records what it finds: it ends before the database closes.
        await startUp?.catch(() => undefined);
        await engine.close();
        await paperwork.flush();
        await print.close();
        await gateway.close();
        await backend.close();
        lock.release();
      },
    },
  };
}

/** A start the shell refuses: the English text for logs, the error to show in the user's language. */
function refused(error: StationError): StartedStation {
  const { text, remedy } = describeError(error);
  return { ok: false, message: `${text} ${remedy}`, error };
}

function safeRead(read: () => string | null): string | null {
  try {
    return read();
  } catch {
    return null;
  }
}

function unwrap<T>(result: { ok: true; data: T } | { ok: false; error: StationError }): T {
  if (!result.ok) throw new StationFailure(result.error);
  return result.data;
}
