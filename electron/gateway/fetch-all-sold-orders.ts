import type { SoldOrder, SoldOrderPage } from '../../shared/domain/sold-order';
import type { StationError } from '../../shared/errors/station-error';
import { stationError } from '../../shared/errors/station-error';
import { ISSUE_LIMITS } from '../../shared/gateway/issue-limits';
import type { Result } from '../../shared/result';
import { fail, ok } from '../../shared/result';
import type { CallOptions } from './call-options';
import type { SoldOrderFilters } from './request-bodies';

/** Told after each page arrives. */
export interface FetchProgress {
  /** The page that just arrived (0 is the first). */
  page: number;
  /** The orders of that page, for showing them as they come. */
  pageOrders: SoldOrder[];
  pagesDone: number;
  /** Pages the fetch expects from the total it was told (grows by one if the total grows). */
  pagesPlanned: number;
  /** Orders received so far (before removing repeats across pages). */
  ordersReceived: number;
  totalElements: number | null;
}

/** Options of a full fetch: bulk priority unless told otherwise. */
export interface FetchAllOptions extends CallOptions {
  onProgress?: (progress: FetchProgress) => void;
  /** Safety bound when the gateway gives no total. */
  maxPagesWithoutTotal?: number;
}

/** All sold orders, in page order, each order once. */
export interface AllSoldOrders {
  orders: SoldOrder[];
  totalElements: number | null;
  pagesFetched: number;
  points: number;
  skippedEntries: number;
  /** Orders that appeared on two pages (the list moved during the fetch) and were kept once. */
  repeatsDropped: number;
}

/** Fetches one page (the client's soldOrdersPage). */
export type FetchSoldOrdersPage = (
  request: SoldOrderFilters & { page: number; pageSize: number },
  call: CallOptions,
) => Promise<Result<SoldOrderPage>>;

/**
 * The most sold orders a full fetch believes: 100,000 orders are 1,000 paid calls. A total above
 * it (or negative, fractional, not a number) is not believed: no page is asked for on its word.
 */
export const soldOrdersTotalLimit = 100_000;

/** The error for a total the fetch does not believe, or null for a believable one (or none). */
function absurdTotal(total: number | null): StationError | null {
  if (total === null || (Number.isInteger(total) && total >= 0 && total <= soldOrdersTotalLimit)) return null;
  return stationError('gateway.total-out-of-range', { value: String(total), limit: soldOrdersTotalLimit });
}

const isShort = (page: SoldOrderPage, pageSize: number): boolean => page.orders.length + page.skippedEntries < pageSize;

/**
 * Fetches every page (decisions.md "Paging"): page 0 first to learn totalElements, then the
 * remaining ceil(total / pageSize) - 1 pages all at once — the limiter spreads them at the rate
 * limit, so gateway latency does not add up. A short or empty page cancels the pages after it;
 * if the last page is full and the total grew meanwhile, one more page is asked for, never more
 * than ceil(total / pageSize) + 1 pages in all. Without a total, pages go one by one until a
 * short one. A total that is not a whole number from 0 to soldOrdersTotalLimit stops the fetch
 * before another page is asked for (never thousands of paid calls on one absurd number). The
 * first error stops everything and is returned.
 */
export async function fetchAllSoldOrders(
  fetchPage: FetchSoldOrdersPage,
  filters: SoldOrderFilters & { pageSize?: number },
  options: FetchAllOptions,
): Promise<Result<AllSoldOrders>> {
  const { pageSize = ISSUE_LIMITS.soldOrdersPageSize, ...serverFilters } = filters;
  const call: CallOptions = { priority: options.priority ?? 'bulk', jobId: options.jobId ?? null };
  const pages = new Map<number, SoldOrderPage>();
  let pagesPlanned = 1;
  let ordersReceived = 0;
  let totalElements: number | null = null;

  const fetchOne = (page: number, signal: AbortSignal | undefined): Promise<Result<SoldOrderPage>> =>
    fetchPage({ ...serverFilters, page, pageSize }, { ...call, ...(signal ? { signal } : {}) });
  const received = (index: number, page: SoldOrderPage): void => {
    pages.set(index, page);
    ordersReceived += page.orders.length;
    totalElements = page.totalElements ?? totalElements;
    options.onProgress?.({ page: index, pageOrders: page.orders, pagesDone: pages.size, pagesPlanned, ordersReceived, totalElements });
  };

  const first = await fetchOne(0, options.signal);
  if (!first.ok) return first;
  const firstTotal = first.data.totalElements;
  const unbelievable = absurdTotal(firstTotal);
  if (unbelievable) return fail(unbelievable);
  pagesPlanned = firstTotal === null ? 1 : Math.max(1, Math.ceil(firstTotal / pageSize));
  received(0, first.data);

  if (firstTotal === null) {
    const bound = options.maxPagesWithoutTotal ?? 500;
    for (let index = 1; index < bound && !isShort(pages.get(index - 1) as SoldOrderPage, pageSize); index += 1) {
      pagesPlanned = index + 1;
      const next = await fetchOne(index, options.signal);
      if (!next.ok) return next;
      received(index, next.data);
    }
  } else if (!isShort(first.data, pageSize)) {
    const error = await fetchPagesAtOnce(1, pagesPlanned - 1);
    if (error) return fail(error);
    const lastIndex = Math.max(...pages.keys());
    const last = pages.get(lastIndex) as SoldOrderPage;
    const grew = (totalElements ?? 0) > lastIndex * pageSize + pageSize;
    if (lastIndex === pagesPlanned - 1 && !isShort(last, pageSize) && grew) {
      pagesPlanned += 1;
      const extra = await fetchOne(pagesPlanned - 1, options.signal);
      if (!extra.ok) return extra;
      received(pagesPlanned - 1, extra.data);
    }
  }
  return ok(assemble(pages, totalElements));

  /** Pages from..to in parallel; the first real error aborts the others. */
  async function fetchPagesAtOnce(from: number, to: number): Promise<StationError | null> {
    const stopAll = new AbortController();
    const perPage = new Map<number, AbortController>();
    let firstError: StationError | null = null;
    await Promise.all(
      Array.from({ length: Math.max(0, to - from + 1) }, async (_, offset) => {
        const index = from + offset;
        const own = new AbortController();
        perPage.set(index, own);
        const signals = [stopAll.signal, own.signal, ...(options.signal ? [options.signal] : [])];
        const answer = await fetchOne(index, AbortSignal.any(signals));
        const unbelievable = answer.ok ? absurdTotal(answer.data.totalElements) : null;
        const result: Result<SoldOrderPage> = unbelievable ? fail(unbelievable) : answer;
        if (!result.ok) {
          const deliberate = result.error.code === 'cancelled' && !options.signal?.aborted && (stopAll.signal.aborted || own.signal.aborted);
          if (!deliberate && !firstError) {
            firstError = result.error;
            stopAll.abort();
          }
          return;
        }
        received(index, result.data);
        if (isShort(result.data, pageSize)) {
          for (const [later, controller] of perPage) if (later > index) controller.abort();
        }
      }),
    );
    if (options.signal?.aborted) return stationError('cancelled', {});
    return firstError;
  }
}

function assemble(pages: ReadonlyMap<number, SoldOrderPage>, totalElements: number | null): AllSoldOrders {
  const seen = new Set<string>();
  const orders: SoldOrder[] = [];
  let repeatsDropped = 0;
  let points = 0;
  let skippedEntries = 0;
  for (const index of [...pages.keys()].sort((a, b) => a - b)) {
    const page = pages.get(index) as SoldOrderPage;
    points += page.points;
    skippedEntries += page.skippedEntries;
    for (const order of page.orders) {
      if (seen.has(order.orderNumber)) {
        repeatsDropped += 1;
        continue;
      }
      seen.add(order.orderNumber);
      orders.push(order);
    }
  }
  return { orders, totalElements, pagesFetched: pages.size, points, skippedEntries, repeatsDropped };
}
