import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { DEMO_GATEWAY } from '../../shared/domain/gateway-identity';
import type { SettingsView } from '../../shared/ipc/ipc-contract';
import { firstShopOf, shopDisplayName, labelSizeFor, type Settings } from '../../shared/settings/settings-schema';
import { soldOrderFiltersAvailable } from '../../shared/gateway/editions';
import { aboutIpcHandlers } from '../about/about-ipc-handlers';
import { stationInfoOf } from '../about/station-info';
import { acquireDataFolderLock } from '../data-folder/data-folder-lock';
import { resolveDataFolder } from '../data-folder/resolve-data-folder';
import { gatewayIpcHandlers } from '../gateway/gateway-ipc-handlers';
import { createRateLimiter } from '../gateway/rate-limiter';
import { joinIpcHandlers } from '../ipc/feature-ipc-handlers';
import { createIpcDispatcher } from '../ipc/ipc-dispatcher';
import { createStationEvents } from '../ipc/station-events';
import { StationFailure } from '../ipc/to-station-error';
import { historyIpcHandlers } from '../issuing/history-ipc-handlers';
import { createIssuingEngine } from '../issuing/issuing-engine';
import { issuingIpcHandlers } from '../issuing/issuing-ipc-handlers';
import { createJobCostEstimates } from '../issuing/job-cost-estimates';
import { createJobPrinter } from '../issuing/job-printer';
import { createLabelPreviewer } from '../issuing/label-preview';
import { startPrintDataRetention } from '../issuing/print-data-retention';
import { createStartUpPass } from '../issuing/start-up-pass';
import { createWaybillHistory } from '../issuing/waybill-history';
import { createLabelRenderer, type LabelRenderer } from '../labels/label-renderer';
import { createStationLogger } from '../logging/station-logger';
import { createOrderCache } from '../order-cache/order-cache';
import { ordersIpcHandlers } from '../order-cache/orders-ipc-handlers';
import { createOsPrinting } from '../os-printing/os-printing';
import type { OsPrinting } from '../os-printing/os-printing-types';
import { createPaperworkRenderer, type PaperworkRenderer } from '../paperwork/paperwork-renderer';
import { paperworkIpcHandlers } from '../paperwork/paperwork-ipc-handlers';
import { createPaperworkService } from '../paperwork/paperwork-service';
import { createPaperworkSources } from '../paperwork/paperwork-sources';
import { readOrCreateDeskId } from '../several-desks/desk-id';
import { issueSettings } from '../issuing/issue-settings';
import { desksIpcHandlers } from '../several-desks/desks-ipc-handlers';
import { sharedModeIpcHandlers } from '../several-desks/shared-mode-ipc-handlers';
import { createSharedOrderRefreshes } from '../several-desks/shared-order-refreshes';
import { startHistoryUpload } from '../several-desks/history-upload';
import { createSharedModeView, sharedModeOff } from '../several-desks/shared-mode-view';
import { createSharedOrderClaims } from '../several-desks/shared-order-claims';
import { openSharedStation } from '../several-desks/shared-station';
import { sharedConnectionOf } from '../several-desks/test-shared-connection';
import type { SharedConnectionSettings } from '../store/postgres/open-shared-database';
import type { StationError } from '../../shared/errors/station-error';
import { createComponentRequests } from '../printing/component-requests';
import { tellLabelChangesGathered } from '../printing/label-changes-notice';
import { printingIpcHandlers } from '../printing/printing-ipc-handlers';
import { effectiveSettingsOf, gatewayIdentitiesOf, gatewayIdentityOf, sharedAccountOf } from '../settings/effective-settings';
import { createSettingsAttention } from '../settings/settings-attention';
import { settingsIpcHandlers } from '../settings/settings-ipc-handlers';
import { createSettingsStore } from '../settings/settings-store';
import { printTaskStoreOf } from '../printing/print-task-store';
import type { StationBackend } from '../store/station-backend';
import { stationBackends, type StationMode } from './station-backends';
import { createTokenVault } from '../token-vault/token-vault';
import { createGatewayAccess } from './gateway-access';
import { createPrintAccess } from './print-access';
import { refusedStart, type CreateStationOptions, type StartedStation } from './station';

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
    return refusedStart(error.error);
  }

  const tokenCipher = options.tokenCipher(dataDir);
  const vault = createTokenVault({ filePath: join(dataDir, 'token.vault'), cipher: tokenCipher });
  // The shared database's password is kept as the token is, in a vault file of its own.
  const sharedPasswordVault = createTokenVault({ filePath: join(dataDir, 'shared-mode-password.vault'), cipher: tokenCipher });
  const secrets: (string | null | undefined)[] = [options.overrides.token];
  const currentSecrets = () => [...secrets, safeRead(() => vault.read()), safeRead(() => sharedPasswordVault.read())];
  const logsDir = join(dataDir, 'logs');
  const logger = createStationLogger({ directory: logsDir, console: options.consoleLog ?? false, secrets: currentSecrets });
  const settings = createSettingsStore({ filePath: join(dataDir, 'settings.json'), log: logger });
  const effectiveSettings = (): Settings => effectiveSettingsOf(settings.get(), options.overrides);
  const overridden = Boolean(options.overrides.baseUrl ?? options.overrides.shopId);
  /** This desk's link to the shared database (it connects in the background; a desk starts without the server). */
  const openDeskLink = (saved: Settings['sharedMode']) => {
    let connection: SharedConnectionSettings | null = null;
    let problem: StationError | undefined;
    try {
      connection = sharedConnectionOf(saved, sharedPasswordVault.read());
    } catch (error) {
      if (!(error instanceof StationFailure)) throw error;
      problem = error.error;
    }
    return openSharedStation({
      connection,
      ...(problem === undefined ? {} : { problem }),
      schema: saved.schema,
      deskId: readOrCreateDeskId(dataDir),
      deskName: saved.deskName === '' ? hostname() : saved.deskName,
      gatewayIdentity: () => gatewayIdentityOf(effectiveSettings()),
      account: () => sharedAccountOf(effectiveSettings()),
      logger,
    });
  };
  const gatewayIdentity = () => gatewayIdentityOf(effectiveSettings());
  // The mode is read once at start: turning the shared mode on or off takes effect at the next start.
  const sharedSettings = settings.get().sharedMode;
  const mode: StationMode = sharedSettings.enabled ? 'shared' : 'local';
  const shared = mode === 'shared' ? openDeskLink(sharedSettings) : undefined;
  let backend: StationBackend;
  try {
    backend = await stationBackends[mode]({
      ...(shared === undefined ? {} : { shared }),
      file: join(dataDir, 'station.db'),
      // Rows written before the gateway was recorded were issued under the settings read intact now, if any.
      context: { legacyGateway: settings.loadNotice === null && !settings.startedFromDefaults && !overridden ? gatewayIdentityOf(effectiveSettings()) : null },
      onMigration: (event) => logger.info('database migrated', event),
    });
  } catch (error) {
    await shared?.close();
    lock.release();
    if (!(error instanceof StationFailure)) throw error;
    logger.error('station database refused', { code: error.error.code, params: error.error.params });
    return refusedStart(error.error);
  }
  const journal = { read: backend.read.journal, write: backend.write.journal };
  const printTasks = { read: backend.read.printTasks, write: backend.write.printTasks };
  const neededAtStart = settings.startedFromDefaults && !overridden && (await journal.read.hasJobsOutside(DEMO_GATEWAY));
  const attention = createSettingsAttention({ neededAtStart, loadNotice: settings.loadNotice, gatewayIdentity, logger });
  // In shared mode every desk's calls pass the account's window in PostgreSQL; without the server none is sent.
  const limiter = createRateLimiter(shared === undefined ? { marginMs: settings.get().gateway.rateLimitMarginMs } : { window: shared.callWindow });
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
    store: printTaskStoreOf(printTasks, () => (attention.needed() ? null : gatewayIdentitiesOf(effectiveSettings()))),
    onState: (state) => events.emit('print.component-state', state),
  });
  print.printerState.onChange((state) => events.emit('print.printer-state', state));
  const ordersChanged = () => events.emit('orders.changed', { at: Date.now() });
  /** What the station shows of the shared mode (a desk on its own until the shared backend joins). */
  print.queue.onEvent((event) => {
    if (event.kind === 'status') events.emit('print.queue-status', event.status);
  });
  tellLabelChangesGathered(print.queue, ordersChanged);
  const withComponent = createComponentRequests(print.component);
  const jobPrinter = createJobPrinter({ output: () => settings.get().print.output, withComponent });

  // Shared mode: one desk refreshes a shop's orders for all; the others read them from the shared cache.
  const sharedRefreshes = shared === undefined ? undefined : createSharedOrderRefreshes({ station: shared, store: { read: backend.read.orders, write: backend.write.orders }, onChanged: ordersChanged, logger });
  const orders = createOrderCache({
    store: { read: backend.read.orders, write: backend.write.orders },
    client: (shopId) => gateway.client(shopId),
    shopId: () => firstShopOf(effectiveSettings().gateway).shopId,
    timeFilterAvailable: () => {
      const { edition, vvtypeOverrides } = effectiveSettings().gateway;
      return soldOrderFiltersAvailable(edition, vvtypeOverrides);
    },
    onProgress: (progress) => events.emit('orders.refresh-progress', progress),
    onChanged: ordersChanged,
    ...(sharedRefreshes === undefined ? {} : { shared: sharedRefreshes }),
  });
  const engine = createIssuingEngine({
    journal,
    deskId: readOrCreateDeskId(dataDir),
    printTasks: printTasks.read,
    costs: backend.read.costs,
    gateway: (shopId) => gateway.client(shopId),
    gatewayIdentities: () => gatewayIdentitiesOf(effectiveSettings()),
    soldOrders: (shopId, orderNumbers) => orders.get(orderNumbers, shopId),
    queue: print.queue,
    logger,
    ...(options.claimLeaseMs === undefined ? {} : { tuning: { claimLeaseMs: options.claimLeaseMs } }),
    ...(shared === undefined ? {} : { claims: createSharedOrderClaims({ station: shared, journal: journal.write, logger, ...(options.claimLeaseMs === undefined ? {} : { leaseMs: options.claimLeaseMs }) }) }),
    emit: (event) => {
      if (event.kind === 'job') {
        events.emit('jobs.changed', event.job);
        // The Desks view shows what this desk is doing, whatever the job.
        shared?.followJob(event.job.id, event.job.state === 'issuing' || event.job.state === 'printing');
      } else {
        events.emit('jobs.orders-changed', { jobId: event.jobId, orders: event.orders });
        ordersChanged();
        // A waybill recorded here goes on to the shared history.
        sharedSync?.poke();
      }
    },
  });
  const sharedSync = shared === undefined ? undefined : startHistoryUpload({ station: shared, outbox: { read: backend.read.uploadOutbox, write: backend.write.uploadOutbox }, logger });
  // A label that came out here goes on to the shared history (a status change may be a print).
  if (sharedSync !== undefined)
    print.queue.onEvent((event) => {
      if (event.kind === 'status') sharedSync.poke();
    });
  const sharedModeView = shared === undefined ? sharedModeOff : createSharedModeView(shared);
  // Other desks' claims and waybills show within a second; after a reconnect everything is read again.
  sharedModeView.onChange(() => {
    ordersChanged();
    events.emit('shared-mode.changed', { state: sharedModeView.state() });
  });
  let labelRenderer: LabelRenderer | null = null;
  const previewer = createLabelPreviewer({
    journal: journal.read,
    printTasks: printTasks.read,
    queue: print.queue,
    renderer: () => (labelRenderer ??= createLabelRenderer()),
    labelSize: (carrierCode) => labelSizeFor(effectiveSettings().print, carrierCode),
    componentUrl: async () => (await print.component()).url,
  });
  let osPrinting: OsPrinting | null = null;
  const slipPrinting = (): OsPrinting => (osPrinting ??= createOsPrinting());
  const paperwork = createPaperworkService({
    sources: createPaperworkSources({ journal: backend.read.paperwork, shopId: () => firstShopOf(effectiveSettings().gateway).shopId, soldOrders: (orderNumbers) => orders.get(orderNumbers) }),
    renderer: () => (paperworkRenderer ??= createPaperworkRenderer()),
    labelRenderer: () => (labelRenderer ??= createLabelRenderer()),
    printing: slipPrinting,
    settings: () => {
      const current = effectiveSettings();
      return { paperwork: current.paperwork, shopName: firstShopOf(current.gateway).sellerNick, language: current.ui.language ?? 'zh-CN' };
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
    printTasks,
    queue: print.queue,
    gateway: (shopId) => gateway.client(shopId),
    gatewayIdentities: () => gatewayIdentitiesOf(effectiveSettings()),
    shopName: (shopId) => {
      const shop = effectiveSettings().gateway.shops.find((candidate) => candidate.shopId === shopId);
      return shop ? shopDisplayName(shop) : shopId;
    },
    currentPrintSettings: () => issueSettings(effectiveSettings()),
    ...(shared === undefined ? {} : { deskName: shared.deskName }),
  });
  const stopPrintDataRetention = startPrintDataRetention({ history, retentionDays: () => settings.get().retention.printDataRetentionDays, logger });
  const loadWaitingLabels = () => print.queue.loadWaiting();
  const startUp = createStartUpPass({ followPrintOutput: print.follow, loadWaitingLabels, engine, waiting: { journal: journal.read, printTasks: printTasks.read }, gatewayIdentity, settingsNeedAttention: attention.needed, logger });
  if (!attention.needed()) void startUp.run();
  settings.onChange(() => void print.follow().catch((error: unknown) => logger.warn('print output could not follow the settings', { error: String(error) })));

  const settingsView = (): SettingsView => ({ settings: effectiveSettings(), token: vault.status() });
  settings.onChange(() => events.emit('settings.changed', settingsView()));
  const info = () =>
    stationInfoOf({ shell: options.shell, version: packageJson.version, dataDir, demoMode: effectiveSettings().gateway.baseUrl === null, loadNotice: settings.loadNotice, settingsNeedAttention: attention.needed() });

  const estimates = createJobCostEstimates(backend.read.costs);
  const handlers = joinIpcHandlers(
    aboutIpcHandlers({ info, app: { productName: packageJson.productName, version: packageJson.version, shell: options.shell }, dataDir, logsDir, desktop: options.desktop, diagnostics: { journal: backend.read.diagnostics, settings: settingsView, secrets: currentSecrets }, logger }),
    settingsIpcHandlers({ settings, effectiveSettings, settingsView, vault, attention, startUp, gatewayWork: { engine, queue: print.queue }, events, logger }),
    gatewayIpcHandlers({ client: gateway.client, costs: backend.read.costs, estimates }),
    ordersIpcHandlers(orders, sharedModeView, () => effectiveSettings().gateway.shops),
    desksIpcHandlers(sharedModeView, () => backend.read.uploadOutbox.setAside()),
    issuingIpcHandlers({ engine, startUp, settings: effectiveSettings, jobPrinter, withComponent, printerState: print.printerState, stall: print.stall, estimates }),
    historyIpcHandlers(history),
    printingIpcHandlers({ ...print, withComponent, previewer, settings, settingsView }),
    paperworkIpcHandlers({ paperwork, slipPrinting, chosenSlipPrinter: () => settings.get().paperwork.slipPrinter }),
    sharedModeIpcHandlers({ settings: () => settings.get().sharedMode, passwordVault: sharedPasswordVault, computerName: hostname(), deskId: () => readOrCreateDeskId(dataDir), account: () => sharedAccountOf(effectiveSettings()), runningMode: mode, logger }),
  );

  logger.info('station started', { shell: options.shell, version: packageJson.version, demoMode: info().demoMode, settingsNeedAttention: attention.needed() });
  return {
    ok: true,
    station: {
      dispatch: createIpcDispatcher(attention.gate(handlers), { error: (message, details) => logger.error(message, details) }),
      events,
      get info() {
        return info();
      },
      uiLanguage: () => settings.get().ui.language,
      logger,
      jobs: engine,
      sharedMode: sharedModeView,
      close: async () => {
        stopPrintDataRetention();
        // The start-up pass records what it finds: it ends before the database closes.
        await startUp.ended();
        await engine.close();
        sharedRefreshes?.close();
        await sharedSync?.close();
        await shared?.close();
        await paperwork.flush();
        await print.close();
        await gateway.close();
        await backend.close();
        lock.release();
      },
    },
  };
}

function safeRead(read: () => string | null): string | null {
  try {
    return read();
  } catch {
    return null;
  }
}
