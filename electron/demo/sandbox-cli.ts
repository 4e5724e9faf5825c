import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SANDBOX_DEFAULTS, startSandbox, type SandboxFaults, type SandboxQuirks } from './sandbox/index';

/**
 * `npm run sandbox -- [options]`: serves the sandbox gateway until SIGINT/SIGTERM. The first
 * output line is exactly `Sandbox gateway listening on http://127.0.0.1:<port>` (scripts wait
 * for it), the next names the token, then the demo shop and the account's further shops. See
 * SANDBOX.md for the options.
 */

const USAGE = `Usage: npm run sandbox -- [options]
  --port <n|0>              port on 127.0.0.1 (default ${SANDBOX_DEFAULTS.cliPort}; 0 = a free port)
  --token <t>               bearer token (default ${SANDBOX_DEFAULTS.token})
  --shops <n>               shops the account serves, 1 to ${SANDBOX_DEFAULTS.shops.length} (default ${SANDBOX_DEFAULTS.shops.length}; the demo shop first)
  --orders <n>              sold orders of the demo shop (default ${SANDBOX_DEFAULTS.orders})
  --shop-orders <n>         sold orders of each further shop (default ${SANDBOX_DEFAULTS.otherShopOrders})
  --seed <n>                seed of the demo data (default ${SANDBOX_DEFAULTS.seed})
  --data-file <path>        keep state in this file (loaded at start, written after each change)
  --quirks <sample|field-table>   wire shapes where the spec's table and sample differ
  --admin-routes            serve /__sandbox/* (calls, violations, faults, state)
  --latency-ms <n>  --jitter-ms <n>
  --busy-rate <p>  --timeout-rate <p>  --server-error-rate <p>
  --drop-before-rate <p>  --drop-after-rate <p>  --malformed-json-rate <p>
  --oversized-answer-rate <p>
  --issue-unknown-error-rate <p>  --issue-temporary-error-rate <p>
  --issue-duplicate-result-rate <p>  --issue-shared-waybill-rate <p>  --issue-empty-waybill-code-rate <p>
  --issue-numeric-waybill-code-rate <p>  --issue-entry-system-error-rate <p>  --issue-busy-after-effect-rate <p>
  --issue-out-of-coverage-rate <p>
  --query-success-without-waybill-rate <p>  --query-waybill-list-rate <p>  --query-waybill-text-rate <p>
  --query-no-permission-rate <p>  --query-shop-missing-rate <p>
  --sold-orders-total <json number>   totalElements of every sold-orders page (e.g. 1e400, -3, 2.5)
  --no-overlap-check        issue a second waybill for an order that has one (counted as a second waybill)
  --help`;

type NumericFault = { [K in keyof SandboxFaults]: SandboxFaults[K] extends number ? K : never }[keyof SandboxFaults];

/** CLI flag → fault field, for the numeric fault options. */
const FAULT_FLAGS: ReadonlyArray<[string, NumericFault]> = [
  ['latency-ms', 'latencyMs'],
  ['jitter-ms', 'jitterMs'],
  ['busy-rate', 'busyRate'],
  ['timeout-rate', 'timeoutRate'],
  ['server-error-rate', 'serverErrorRate'],
  ['drop-before-rate', 'dropBeforeRate'],
  ['drop-after-rate', 'dropAfterRate'],
  ['malformed-json-rate', 'malformedJsonRate'],
  ['issue-unknown-error-rate', 'issueUnknownErrorRate'],
  ['issue-temporary-error-rate', 'issueTemporaryErrorRate'],
  ['oversized-answer-rate', 'oversizedAnswerRate'],
  ['issue-duplicate-result-rate', 'issueDuplicateResultRate'],
  ['issue-shared-waybill-rate', 'issueSharedWaybillRate'],
  ['issue-empty-waybill-code-rate', 'issueEmptyWaybillCodeRate'],
  ['issue-numeric-waybill-code-rate', 'issueNumericWaybillCodeRate'],
  ['issue-entry-system-error-rate', 'issueEntrySystemErrorRate'],
  ['issue-busy-after-effect-rate', 'issueBusyAfterEffectRate'],
  ['issue-out-of-coverage-rate', 'issueOutOfCoverageRate'],
  ['query-success-without-waybill-rate', 'querySuccessWithoutWaybillRate'],
  ['query-waybill-list-rate', 'queryWaybillListRate'],
  ['query-waybill-text-rate', 'queryWaybillTextRate'],
  ['query-no-permission-rate', 'queryNoPermissionRate'],
  ['query-shop-missing-rate', 'queryShopMissingRate'],
];

function number(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) throw new Error(`--${flag} needs a number, got "${text}"`);
  return value;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      token: { type: 'string' },
      shops: { type: 'string' },
      orders: { type: 'string' },
      'shop-orders': { type: 'string' },
      seed: { type: 'string' },
      'data-file': { type: 'string' },
      quirks: { type: 'string' },
      'admin-routes': { type: 'boolean' },
      'sold-orders-total': { type: 'string' },
      'no-overlap-check': { type: 'boolean' },
      help: { type: 'boolean' },
      ...Object.fromEntries(FAULT_FLAGS.map(([flag]) => [flag, { type: 'string' as const }])),
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const text = values as Record<string, string | undefined>;
  const quirks = values.quirks;
  if (quirks !== undefined && quirks !== 'sample' && quirks !== 'field-table') throw new Error('--quirks is sample or field-table');
  const faults: Partial<SandboxFaults> = {};
  for (const [flag, key] of FAULT_FLAGS) {
    const value = number(flag, text[flag]);
    if (value !== undefined) faults[key] = value;
  }
  if (values['sold-orders-total'] !== undefined) faults.soldOrdersTotal = values['sold-orders-total'];
  if (values['no-overlap-check']) faults.overlapCheckOff = true;

  const sandbox = await startSandbox({
    port: number('port', values.port) ?? SANDBOX_DEFAULTS.cliPort,
    token: values.token,
    shops: number('shops', values.shops),
    orders: number('orders', values.orders),
    otherShopOrders: number('shop-orders', values['shop-orders']),
    seed: number('seed', values.seed),
    dataFile: values['data-file'] === undefined ? undefined : resolve(values['data-file']),
    quirks: quirks as SandboxQuirks | undefined,
    adminRoutes: values['admin-routes'] ?? false,
    faults,
  });
  console.log(`Sandbox gateway listening on ${sandbox.url}`);
  console.log(`Token: ${sandbox.token}`);
  console.log(`Shop id: ${sandbox.shopId}`);
  console.log(`Seller nick: ${sandbox.sellerNick}`);
  console.log(`User id: ${sandbox.userId}`);
  for (const shop of sandbox.shops().slice(1)) console.log(`Also shop ${shop.shopId}: seller nick ${shop.sellerNick}, user id ${shop.userId} (${shop.name})`);

  const stop = (signal: string) => {
    console.log(`${signal}: closing the sandbox gateway`);
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  console.error(USAGE);
  process.exit(1);
});
