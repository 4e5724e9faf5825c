import { PrinterOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, List, Skeleton, Space, Switch, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EstimatedPlan, IssuePlan } from '../../../shared/domain/issuing';
import type { StationError } from '../../../shared/errors/station-error';
import type { PrintOrder } from '../../../shared/domain/paperwork';
import { shopOrderKey, type ShopOrderRef } from '../../../shared/domain/shop-order';
import { PRINTER_FAULTS } from '../../../shared/domain/printer-condition';
import { overlayContainer } from '../app/overlay-container';
import { usePrinterState } from '../printer-state/use-printer-state';
import { ShopTagOf } from '../shops/shop-tag';
import { useUiStoreApi } from '../app/ui-store-context';
import { useSettingsQuery } from '../bridge/station-queries';
import { PlanPaperworkControls } from '../paperwork/plan-paperwork-controls';
import { unwrapResult, useStation } from '../bridge/station-context';
import { StationErrorLine } from '../error-flows/station-error-line';
import { PlanBalanceWarning } from '../statistics/balance-forecast';
import { StationErrorAlert, stationErrorOf } from '../errors/station-error-text';
import { CostEstimateText, useEstimateTotal } from './cost-estimate-text';
import { draftFromPlan, planFieldsOf, type PlanChoiceFields, type PlanChoicesDraft } from './plan-choices';
import { draftMeasuresValid, HeldBackOrders, PlanOptions } from './plan-options';

/** Props of the plan view. */
export interface IssuePlanViewProps {
  /** The selected orders (of one or several shops), in the order the labels should come out. */
  orders: readonly ShopOrderRef[];
}

/** Each shop's part of a plan of several shops: its packages, issue calls and their points at the issue call's price (one call carries one shop). */
function ShopFigures({ plan }: { plan: EstimatedPlan }) {
  const { t } = useTranslation();
  const total = useEstimateTotal();
  const issuePrice = plan.estimate.lines.find((line) => line.endpoint === 'issue')?.pointsPerCall ?? 0;
  if (plan.shops.length < 2) return null;
  return (
    <List
      size="small"
      bordered
      aria-label={t('issuePrint.plan.shopsLabel')}
      dataSource={plan.shops}
      renderItem={(shop) => (
        <List.Item>
          <Space>
            <ShopTagOf shopId={shop.shopId} />
            <span>
              {t('issuePrint.plan.shopFigures', {
                packages: t('issuePrint.plan.packagesCount', { count: shop.packages }),
                calls: t('issuePrint.plan.issueCallsCount', { count: shop.calls }),
                points: total(shop.calls * issuePrice),
              })}
            </span>
          </Space>
        </List.Item>
      )}
    />
  );
}

/** The waybills (and labels) a plan issues (of its first `packages` packages): one per parcel, an order in several parcels drawing several. */
function waybillsOf(plan: IssuePlan, packages = plan.packages.length): number {
  return plan.packages.slice(0, packages).reduce((sum, pkg) => sum + pkg.parcels, 0);
}

/** The counts line of a plan: waybills (for how many packages, when orders go in several parcels), calls, points, balance before and after. */
function PlanFigures({ plan }: { plan: EstimatedPlan }) {
  const { t } = useTranslation();
  const unknown = t('issuePrint.plan.unknown');
  const waybills = waybillsOf(plan);
  const severalParcels = plan.packages.filter((pkg) => pkg.parcels > 1).length;
  return (
    <Descriptions size="small" bordered column={2} aria-label={t('issuePrint.plan.figures')}>
      <Descriptions.Item label={t('issuePrint.plan.packages')}>
        {severalParcels === 0
          ? waybills
          : t('issuePrint.plan.waybillsForPackages', { waybills, count: plan.packages.length, several: t('issuePrint.plan.ordersInParcels', { count: severalParcels }) })}
      </Descriptions.Item>
      <Descriptions.Item label={t('issuePrint.plan.calls')}>{plan.estimate.lines.reduce((sum, line) => sum + line.calls, 0)}</Descriptions.Item>
      <Descriptions.Item label={t('issuePrint.plan.points')}>
        <CostEstimateText estimate={plan.estimate} />
      </Descriptions.Item>
      <Descriptions.Item label={t('issuePrint.plan.branch')}>{plan.branch.name || plan.branch.code}</Descriptions.Item>
      <Descriptions.Item label={t('issuePrint.plan.balance')}>{plan.branch.balance ?? unknown}</Descriptions.Item>
      <Descriptions.Item label={t('issuePrint.plan.balanceAfter')}>{plan.branch.balanceAfter ?? unknown}</Descriptions.Item>
    </Descriptions>
  );
}

/** The invalid orders, each with its problems (field and limit) and the fix. */
function InvalidOrders({ plan }: { plan: IssuePlan }) {
  const { t } = useTranslation();
  if (plan.invalid.length === 0) return null;
  return (
    <List
      size="small"
      bordered
      aria-label={t('issuePrint.plan.invalidLabel')}
      header={<Typography.Text strong>{t('issuePrint.plan.invalid', { count: plan.invalid.length })}</Typography.Text>}
      dataSource={plan.invalid}
      renderItem={(order) => (
        <List.Item>
          <Space orientation="vertical" size={0}>
            <Typography.Text code>{order.orderNumber}</Typography.Text>
            {order.problems.map((problem, index) => (
              <StationErrorLine key={index} error={problem} />
            ))}
          </Space>
        </List.Item>
      )}
    />
  );
}

/** How long after the last change of the plan's options the plan is made again (typing a value is one change). */
const REPLAN_AFTER_MS = 400;

/** How many orders with a waybill the plan names one by one; the rest are counted. */
const LISTED_ALREADY_ISSUED = 6;

/** The orders that already have a waybill, compactly: the first few with their waybills, then how many more. */
function AlreadyIssuedList({ orders }: { orders: IssuePlan['alreadyIssued'] }) {
  const { t } = useTranslation();
  const more = orders.length - LISTED_ALREADY_ISSUED;
  return (
    <ul className="issue-plan__issued">
      {orders.slice(0, LISTED_ALREADY_ISSUED).map((order) => (
        <li key={shopOrderKey(order)}>
          {order.orderNumber} → {order.waybillCode}
        </li>
      ))}
      {more > 0 ? <li>{t('issuePrint.plan.andMore', { count: more })}</li> : null}
    </ul>
  );
}

/**
 * The engine's plan of the selected orders, shown before any issue call: what will be issued,
 * what will not and why, merges with undo, calls, points and the balance; then one action,
 * "Issue and print N" (or "the first K" when the branch's balance is short).
 */
export function IssuePlanView({ orders }: IssuePlanViewProps) {
  const { t } = useTranslation();
  const station = useStation();
  const store = useUiStoreApi();
  const { modal } = App.useApp();
  const printerState = usePrinterState().data;
  const printerFault = printerState && PRINTER_FAULTS.has(printerState.condition) ? printerState.condition : null;
  const [merge, setMerge] = useState(false);
  const [keepApart, setKeepApart] = useState<string[]>([]);
  const [printOrder, setPrintOrder] = useState<PrintOrder>('as-selected');
  const slipsDefault = useSettingsQuery().data?.settings.paperwork.slipsWithLabels ?? false;
  const [packingSlips, setPackingSlips] = useState<boolean | null>(null);
  const slips = packingSlips ?? slipsDefault;
  const [startError, setStartError] = useState<StationError | null>(null);
  const [starting, setStarting] = useState(false);
  // The choices the shown plan was made with (none at first: Settings' defaults), and the desk's edits of them.
  const [applied, setApplied] = useState<PlanChoiceFields>({});
  // null until the desk edits (or applies): the shown plan's own choices stand for it.
  const [edits, setDraft] = useState<PlanChoicesDraft | null>(null);
  const [appliedEdits, setAppliedDraft] = useState<PlanChoicesDraft | null>(null);
  const plan = useQuery({
    queryKey: ['issue-plan', orders, merge, keepApart, printOrder, slips, applied],
    queryFn: () => unwrapResult(station['issue.plan']({ orders: [...orders], merge, keepApart, printOrder, packingSlips: slips, ...applied })),
    staleTime: Infinity,
    gcTime: 0,
    // The plan being made again keeps the one shown (and the options being edited) on screen.
    placeholderData: keepPreviousData,
  });
  const appliedDraft = plan.data ? (appliedEdits ?? draftFromPlan(plan.data)) : null;
  const changed = edits !== null && appliedDraft !== null && JSON.stringify(planFieldsOf(edits)) !== JSON.stringify(planFieldsOf(appliedDraft));
  const replannable = changed && draftMeasuresValid(edits);
  // A change is made into a new plan by itself, once the desk stops typing: no button to find.
  useEffect(() => {
    if (!replannable) return undefined;
    const timer = setTimeout(() => {
      setAppliedDraft(edits);
      setApplied(planFieldsOf(edits));
    }, REPLAN_AFTER_MS);
    return () => clearTimeout(timer);
  }, [replannable, edits]);

  if (plan.isError) return <StationErrorAlert error={stationErrorOf(plan.error)} />;
  if (plan.isPending || appliedDraft === null) return <Skeleton active paragraph={{ rows: 6 }} />;
  const data = plan.data;
  const draft = edits ?? appliedDraft;
  const updating = replannable || plan.isPlaceholderData;
  const start = async (packageLimit: number | null) => {
    setStarting(true);
    setStartError(null);
    try {
      // The desk sees the first label before anything prints (scan-to-print does not ask).
      const job = await unwrapResult(station['issue.start']({ jobId: data.jobId, packageLimit, previewFirstLabel: true }));
      store.getState().showJob(job.id);
    } catch (caught) {
      setStartError(stationErrorOf(caught));
    } finally {
      setStarting(false);
    }
  };
  // A printer known to be out of paper, jammed, offline or stalled: the desk chooses before anything is issued.
  const startChosen = (packageLimit: number | null) => {
    if (printerFault === null) return void start(packageLimit);
    const condition = t(`printTruth.condition.${printerFault}`);
    modal.confirm({
      title: t('issuePrint.plan.printerFaultAsk', { condition }),
      content: t('issuePrint.plan.printerFaultChoice'),
      okText: t('issuePrint.plan.issueNowPrintLater'),
      cancelText: t('issuePrint.plan.fixPrinterFirst'),
      getContainer: overlayContainer,
      onOk: () => void start(packageLimit),
    });
  };
  const blocked = data.requestProblems.length > 0 || data.packages.length === 0 || changed || plan.isPlaceholderData;
  const short = data.balanceShort;

  return (
    <div className="issue-plan drawer-column">
      {data.requestProblems.map((problem, index) => (
        <StationErrorAlert key={index} error={problem} />
      ))}
      {data.branch.error ? <StationErrorAlert compact error={data.branch.error} /> : null}
      <PlanFigures plan={data} />
      <ShopFigures plan={data} />
      <HeldBackOrders plan={data} draft={draft} onChange={setDraft} />
      <PlanOptions plan={data} draft={draft} onChange={setDraft} />
      {updating ? <Alert type="info" showIcon title={t('issuePrint.options.updating')} /> : changed ? <Alert type="warning" showIcon title={t('issuePrint.options.incomplete')} /> : null}
      <InvalidOrders plan={data} />
      {data.alreadyIssued.length > 0 ? (
        <Alert
          type="info"
          showIcon
          title={t('issuePrint.plan.alreadyIssued', { count: data.alreadyIssued.length })}
          description={<AlreadyIssuedList orders={data.alreadyIssued} />}
        />
      ) : null}
      {data.toCheck.length > 0 ? <Alert type="info" showIcon title={t('issuePrint.plan.toCheck', { count: data.toCheck.length })} /> : null}
      <Space>
        <Switch checked={merge} onChange={setMerge} aria-label={t('issuePrint.plan.merge')} />
        <span>{t('issuePrint.plan.merge')}</span>
      </Space>
      <PlanPaperworkControls printOrder={printOrder} onPrintOrder={setPrintOrder} packingSlips={slips} onPackingSlips={setPackingSlips} jobId={data.jobId} orders={orders.length} />
      {data.merges.length > 0 ? (
        <List
          size="small"
          bordered
          aria-label={t('issuePrint.plan.mergesLabel')}
          header={t('issuePrint.plan.merges', { count: data.merges.length })}
          dataSource={data.merges}
          renderItem={(merged) => (
            <List.Item actions={[<Button key="undo" size="small" onClick={() => setKeepApart([...keepApart, merged.key])}>{t('issuePrint.plan.keepApart')}</Button>]}>
              {merged.orderNumbers.map((orderNumber) => (
                <Tag key={orderNumber}>{orderNumber}</Tag>
              ))}
            </List.Item>
          )}
        />
      ) : null}
      {short ? <Alert type="warning" showIcon title={t('issuePrint.plan.balanceShort', { balance: short.balance, needed: short.needed })} /> : null}
      {short ? null : <PlanBalanceWarning branch={data.branch} waybills={waybillsOf(data)} />}
      {printerFault ? <Alert type="warning" showIcon title={t('issuePrint.plan.printerFault', { condition: t(`printTruth.condition.${printerFault}`) })} description={t(`printTruth.check.${printerFault}`)} /> : null}
      {startError ? <StationErrorAlert error={startError} /> : null}
      <Space className="drawer-actions">
        {short ? (
          <Button type="primary" size="large" icon={<PrinterOutlined aria-hidden />} loading={starting} disabled={blocked || short.firstK === 0} onClick={() => startChosen(short.firstK)}>
            {/* K packages, named by the waybills they draw (the balance counts waybills). */}
            {t('issuePrint.plan.startFirstK', { count: waybillsOf(data, short.firstK) })}
          </Button>
        ) : (
          <Button type="primary" size="large" icon={<PrinterOutlined aria-hidden />} loading={starting} disabled={blocked} onClick={() => startChosen(null)}>
            {t('issuePrint.plan.start', { count: waybillsOf(data) })}
          </Button>
        )}
        <Button size="large" onClick={() => store.getState().closeIssue()}>
          {t('common.cancel')}
        </Button>
      </Space>
    </div>
  );
}
