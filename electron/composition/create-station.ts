import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { DEMO_GATEWAY } from '../../shared/domain/gateway-identity';
import type { SettingsView } from '../../shared/ipc/ipc-contract';
import { firstShopOf, shopDisplayName, type Settings } from '../../shared/settings/settings-schema';
import { soldOrderFiltersAvailable } from '../../shared/gateway/editions';
import { aboutIpcHandlers } from '../about/about-ipc-handlers';
import { stationInfoOf } from '../about/station-info';
import { acquireDataFolderLock, dataFolderLockOwner } from '../data-folder/data-folder-lock';
import { resolveDataFolder } from '../data-folder/resolve-data-folder';
import { gatewayIpcHandlers } from '../gateway/gateway-ipc-handlers';
import { createRateLimiter } from '../gateway/rate-limiter';
import { joinIpcHandlers } from '../ipc/feature-ipc-handlers';
import { createIpcDispatcher } from '../ipc/ipc-dispatcher';
import { createStationEvents } from '../ipc/station-events';
import { StationFailure } from '../ipc/to-station-error';
import { historyIpcHandlers } from '../issuing/history-ipc-handlers';
import { issuingIpcHandlers } from '../issuing/issuing-ipc-handlers';
import { createJobCostEstimates } from '../gateway/job-cost-estimates';
import { createJobPrinter } from '../issuing/job-printer';
import { createStationLogger } from '../logging/station-logger';
import { createScaleReader } from '../scale/scale-reader';
import { scaleIpcHandlers } from '../scale/scale-ipc-handlers';
import { verificationIpcHandlers } from '../verification/verification-ipc-handlers';
import { chinaDayOf } from '../../shared/time/china-time';
import { createOrderCache } from '../order-cache/order-cache';
import { ordersIpcHandlers } from '../order-cache/orders-ipc-handlers';
import { paperworkIpcHandlers } from '../paperwork/paperwork-ipc-handlers';
import { readOrCreateDeskId } from '../several-desks/desk-id';
import { startSeveralDesks } from '../several-desks/desk-link';
import { desksIpcHandlers } from '../several-desks/desks-ipc-handlers';
import { sharedModeIpcHandlers } from '../several-desks/shared-mode-ipc-handlers';
import { createComponentRequests } from '../printing/component-requests';
import { tellLabelChangesGathered } from '../printing/label-changes-notice';
import { printingIpcHandlers } from '../printing/printing-ipc-handlers';
import { assertPrinterOffered } from '../printing/printer-setup';
import { effectiveSettingsOf, gatewayIdentitiesOf, gatewayIdentityOf, sharedAccountOf } from '../settings/effective-settings';
import { createSettingsAttention } from '../settings/settings-attention';
import { settingsIpcHandlers } from '../settings/settings-ipc-handlers';
import { createSettingsStore } from '../settings/settings-store';
import { printTaskStoreOf } from '../printing/print-task-store';
import { statisticsIpcHandlers } from '../statistics/statistics-ipc-handlers';
import { openStationStorage } from './station-backends';
import { openStationSecrets } from '../token-vault/station-secrets';
import { createGatewayAccess } from './gateway-access';
import { createIssuingAccess } from './issuing-access';
import { createPaperworkAccess } from './paperwork-access';
import { createPrintAccess } from './print-access';
import { refusedStart, type CreateStationOptions, type StartedStation } from './station';
import { createAuditLog, startAuditRetention } from '../audit/audit-log';
import { createOperatorDesk } from '../operators/operator-desk';
import { gateOperatorChannels } from '../operators/operator-gate';
import { operatorsIpcHandlers } from '../operators/operators-ipc-handlers';
import { createSharedAudit } from '../store/postgres/shared-audit';

const packageJson = JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string; productName: string };

/**
 * The composition root: the one place the services are created and wired. The Electron shell
 * and the browser host both call it; only the token cipher differs between them.
 */
export async function createStation(options: CreateStationOptions): Promise<StartedStation> {
  const dataDir = resolveDataFolder({ explicit: options.dataDir, env: process.env, appDataDir: options.appDataDir });
  let lock = options.lock;
  try {
    lock ??= acquireDataFolderLock(dataDir, { owner: dataFolderLockOwner(packageJson, options.shell) });
  } catch (error) {
    if (!(error instanceof StationFailure)) throw error;
    return refusedStart(error.error);
  }

  const secrets = openStationSecrets(dataDir, options.tokenCipher(dataDir), options.overrides.token);
  const { vault, sharedPasswordVault } = secrets;
  const logsDir = join(dataDir, 'logs');
  const logger = createStationLogger({ directory: logsDir, console: options.consoleLog ?? false, secrets: secrets.current });
  const settings = createSettingsStore({ filePath: join(dataDir, 'settings.json'), log: logger });
  const effectiveSettings = (): Settings => effectiveSettingsOf(settings.get(), options.overrides);
  const overridden = Boolean(options.overrides.baseUrl ?? options.overrides.shopId);
  const gatewayIdentity = () => gatewayIdentityOf(effectiveSettings());
  const storage = await openStationStorage({ dataDir, settings, effectiveSettings, overridden, sharedPassword: () => sharedPasswordVault.read(), logger });
  if (!storage.ok) {
    lock.release();
    return refusedStart(storage.error);
  }
  const { backend, shared, mode } = storage;
  const neededAtStart = settings.startedFromDefaults && !overridden && (await backend.read.journal.hasJobsOutside(DEMO_GATEWAY));
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
    onSandboxToken: secrets.add,
    demoOrders: options.demoOrders,
  });

  const print = createPrintAccess({
    dataDir,
    settings: effectiveSettings,
    logger,
    // No label waits in the queue while the settings need attention; only the current gateway's afterwards.
    store: printTaskStoreOf({ read: backend.read.printTasks, write: backend.write.printTasks }, () => (attention.needed() ? null : gatewayIdentitiesOf(effectiveSettings()))),
    events,
  });
  const ordersChanged = () => events.emit('orders.changed', { at: Date.now() });
  tellLabelChangesGathered(print.queue, ordersChanged);
  const withComponent = createComponentRequests(print.component);
  const jobPrinter = createJobPrinter({ output: () => settings.get().print.output, withComponent });

  // Shared mode: one desk refreshes a shop's orders for all, the history is uploaded, other desks' work shows.
  const severalDesks = startSeveralDesks(shared, {
    orders: { read: backend.read.orders, write: backend.write.orders },
    outbox: { read: backend.read.uploadOutbox, write: backend.write.uploadOutbox },
    statisticsOutbox: { read: backend.read.statisticsOutbox, write: backend.write.statisticsOutbox },
    onOrdersChanged: ordersChanged,
    onViewChanged: (view) => events.emit('shared-mode.changed', { state: view.state() }),
    logger,
  });
  const orders = createOrderCache({
    store: { read: backend.read.orders, write: backend.write.orders },
    client: (shopId) => gateway.client(shopId),
    shopId: () => firstShopOf(effectiveSettings().gateway).shopId,
    timeFilterAvailable: () => soldOrderFiltersAvailable(effectiveSettings().gateway.edition, effectiveSettings().gateway.vvtypeOverrides),
    onProgress: (progress) => events.emit('orders.refresh-progress', progress),
    onChanged: ordersChanged,
    ...(severalDesks.refreshes === undefined ? {} : { shared: severalDesks.refreshes }),
  });
  const { engine, history, startUp, stopRetention } = createIssuingAccess({
    backend,
    gateway,
    orders,
    print,
    settings: effectiveSettings,
    gatewayIdentity,
    settingsNeedAttention: attention.needed,
    deskId: readOrCreateDeskId(dataDir),
    link: shared,
    claimLeaseMs: options.claimLeaseMs,
    logger,
    events,
    onOrdersChanged: () => {
      ordersChanged();
      // A waybill recorded here goes on to the shared history.
      severalDesks.upload?.poke();
    },
  });
  // A label that came out here goes on to the shared history (a status change may be a print).
  print.queue.onEvent((event) => event.kind === 'status' && severalDesks.upload?.poke());
  const { previewer, paperwork, slipPrinting } = createPaperworkAccess({
    settings: effectiveSettings,
    backend,
    print,
    soldOrders: (orderNumbers) => orders.get(orderNumbers),
    logger,
    onSlipsFailed: (failure) => events.emit('paperwork.slips-failed', failure),
  });
  settings.onChange(() => void print.follow().catch((error: unknown) => logger.warn('print output could not follow the settings', { error: String(error) })));

  const settingsView = (): SettingsView => ({ settings: effectiveSettings(), token: vault.status() });
  settings.onChange(() => events.emit('settings.changed', settingsView()));
  const info = () =>
    stationInfoOf({ shell: options.shell, version: packageJson.version, dataDir, demoMode: effectiveSettings().gateway.baseUrl === null, loadNotice: settings.loadNotice, settingsNeedAttention: attention.needed() });

  // The desk scale: read here only; the renderer sees its state and weight through the contract.
  const scale = createScaleReader({ settings: () => settings.get().scale, onChange: (view) => events.emit('scale.changed', view), logger });
  settings.onChange(() => scale.follow());
  // Operators and the audit log: every audited action names its operator and this desk; in shared mode the account's log has them too.
  const audit = createAuditLog({
    store: { read: backend.read.audit, write: backend.write.audit },
    desk: () => ({ deskId: readOrCreateDeskId(dataDir), deskName: settings.get().sharedMode.deskName || hostname() }),
    shared: shared === undefined ? undefined : { audit: createSharedAudit(shared.access), withServer: (work) => shared.withServer(work), state: () => shared.state() },
    logger,
  });
  shared?.subscribe((event) => {
    if (event.type === 'state' && event.state === 'connected') void audit.share().catch((error: unknown) => logger.warn('audit entries wait for the shared database', { error: String(error) }));
  });
  const stopAuditRetention = startAuditRetention({ audit, retentionDays: () => settings.get().operators.auditRetentionDays, logger });
  const operatorDesk = createOperatorDesk({
    store: { read: backend.read.operators, write: backend.write.operators },
    audit,
    settings: () => settings.get().operators,
    onChanged: (session) => events.emit('operators.changed', session),
  });
  // Operators turned on or off: the window shows the sign-in or the desk; turned off, whoever was signed in is signed out.
  settings.onChange((changed) => {
    if (!changed.operators.enabled) void operatorDesk.signOut('manual');
    events.emit('operators.changed', operatorDesk.session());
  });

  const estimates = createJobCostEstimates(backend.read.costs);
  const handlers = joinIpcHandlers(
    aboutIpcHandlers({ info, app: { productName: packageJson.productName, version: packageJson.version, shell: options.shell }, dataDir, logsDir, desktop: options.desktop, diagnostics: { journal: backend.read.diagnostics, settings: settingsView, secrets: secrets.current }, logger }),
    settingsIpcHandlers({
      settings,
      effectiveSettings,
      settingsView,
      vault,
      attention,
      startUp,
      gatewayWork: { engine, queue: print.queue },
      events,
      logger,
      assertPrinterOffered: (printer) => assertPrinterOffered(withComponent, printer),
    }),
    gatewayIpcHandlers({ client: gateway.client, costs: backend.read.costs, estimates }),
    ordersIpcHandlers(orders, severalDesks.view, () => effectiveSettings().gateway.shops),
    desksIpcHandlers(severalDesks.view, () => backend.read.uploadOutbox.setAside()),
    issuingIpcHandlers({ engine, startUp, settings: effectiveSettings, jobPrinter, withComponent, printerState: print.printerState, stall: print.stall, estimates }),
    historyIpcHandlers(history),
    printingIpcHandlers({ ...print, withComponent, previewer, settings }),
    paperworkIpcHandlers({ paperwork, slipPrinting, chosenSlipPrinter: () => settings.get().paperwork.slipPrinter }),
    scaleIpcHandlers(scale),
    verificationIpcHandlers({
      barcodes: { read: backend.read.barcodes, write: backend.write.barcodes },
      deskEvents: { read: backend.read.deskEvents, write: backend.write.deskEvents },
      shopIds: () => effectiveSettings().gateway.shops.map((shop) => shop.shopId),
      day: () => chinaDayOf(Date.now()),
      operatorName: () => operatorDesk.session().operator?.name ?? null,
      logger,
    }),
    statisticsIpcHandlers(backend.read.statistics, {
      shopName: (shopId) => {
        const shop = effectiveSettings().gateway.shops.find((candidate) => candidate.shopId === shopId);
        return shop ? shopDisplayName(shop) : shopId;
      },
      deskName: (deskId) => deskId,
    }),
    sharedModeIpcHandlers({ settings: () => settings.get().sharedMode, passwordVault: sharedPasswordVault, computerName: hostname(), deskId: () => readOrCreateDeskId(dataDir), account: () => sharedAccountOf(effectiveSettings()), runningMode: mode, logger }),
    operatorsIpcHandlers(operatorDesk, audit),
  );
  const operatorGated = gateOperatorChannels(handlers, { desk: operatorDesk, audit, history: backend.read.history, operatorsOn: () => settings.get().operators.enabled });

  logger.info('station started', { shell: options.shell, version: packageJson.version, demoMode: info().demoMode, settingsNeedAttention: attention.needed() });
  return {
    ok: true,
    station: {
      dispatch: createIpcDispatcher(attention.gate(operatorGated), { error: (message, details) => logger.error(message, details) }),
      events,
      get info() {
        return info();
      },
      uiLanguage: () => settings.get().ui.language,
      logger,
      jobs: engine,
      sharedMode: severalDesks.view,
      close: async () => {
        stopRetention();
        await scale.close();
        stopAuditRetention();
        // The start-up pass records what it finds: it ends before the database closes.
        await startUp.ended();
        await engine.close();
        await severalDesks.close();
        await paperwork.flush();
        await print.close();
        await gateway.close();
        await backend.close();
        lock.release();
      },
    },
  };
}
