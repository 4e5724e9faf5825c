import { afterEach, describe, expect, it } from 'vitest';
import type { IssueEntryOutcome, QueryEntryOutcome } from '../../shared/domain/waybill';
import type { SandboxFaults } from '../demo/sandbox/index';
import { gatewayAnswerLimitBytes } from './gateway-transport';
import type { GatewayTestBench } from './testing/gateway-test-bench';
import { demoIssueRequest as issueRequest, issuableEntries, openGatewayTestBench } from './testing/gateway-test-bench';

// Every unclear answer of the sandbox's faults, read by the real client over HTTP: an order is
// "not issued" only on the explicit answer; everything else leaves it unknown, never failed or shared.

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function bench(): Promise<GatewayTestBench> {
  const opened = await openGatewayTestBench({ sandbox: { orders: 60 } });
  cleanups.push(() => opened.close());
  return opened;
}

type RateFault = { [K in keyof SandboxFaults]: SandboxFaults[K] extends number ? K : never }[keyof SandboxFaults];

const summary = (outcome: QueryEntryOutcome) => (outcome.status === 'unknown' ? [outcome.status, outcome.error.params.message, outcome.error.params.detail] : [outcome.status]);

describe('query answers: only the explicit "no waybill" is not issued', () => {
  it.each<[RateFault, unknown[], unknown[]]>([
    ['querySuccessWithoutWaybillRate', ['unknown', '', 'success without a waybill'], ['unknown', '', 'success without a waybill']],
    ['queryWaybillListRate', ['unknown', '', 'waybill_cloud_print_response is an array'], ['unknown', '', 'waybill_cloud_print_response is an array']],
    ['queryNoPermissionRate', ['unknown', '没有查询权限', 'not a recognised "no waybill" answer'], ['unknown', '没有查询权限', 'not a recognised "no waybill" answer']],
    ['queryShopMissingRate', ['unknown', '店铺不存在', 'not a recognised "no waybill" answer'], ['unknown', '店铺不存在', 'not a recognised "no waybill" answer']],
    // The waybill object as JSON text is still the waybill; "{}" as text is no answer at all.
    ['queryWaybillTextRate', ['found'], ['unknown', '', 'success without a waybill']],
  ])('%s: an issued order reads %j, one never issued %j', async (fault, issued, neverIssued) => {
    const opened = await bench();
    const client = opened.client();
    const [entry] = await issuableEntries(client, 1);
    if (!entry) throw new Error('no entry');
    expect((await client.issueWaybills(issueRequest([entry]))).ok).toBe(true);
    opened.sandbox.setFaults({ [fault]: 1 });
    opened.sandbox.clearCalls();
    const queried = await client.queryIssuedWaybills([entry.objectId, 'never-issued-1']);
    if (!queried.ok) throw new Error(queried.error.code);
    expect(queried.data.outcomes.map(summary)).toEqual([issued, neverIssued]);
    expect(opened.sandbox.calls().map((call) => call.fault)).toEqual(['query-entries']);
  });
});

describe('issue answers: unclear results are unknown, never failed or shared', () => {
  const statusOf = (outcome: IssueEntryOutcome) => (outcome.status === 'issued' ? 'issued' : `${outcome.status}: ${String(outcome.error.params.detail)}`);

  it.each<[RateFault, string[]]>([
    ['issueDuplicateResultRate', ['unknown: 2 results for one entry', 'issued']],
    ['issueSharedWaybillRate', ['unknown: waybill answered for 2 entries', 'unknown: waybill answered for 2 entries']],
    ['issueEmptyWaybillCodeRate', ['unknown: no waybill_code and no recognised rejection', 'issued']],
    ['issueNumericWaybillCodeRate', ['unknown: waybill_code is number, not text', 'issued']],
    ['issueEntrySystemErrorRate', ['unknown: no waybill_code and no recognised rejection', 'issued']],
  ])('%s: %j — both waybills exist at the gateway', async (fault, expected) => {
    const opened = await bench();
    const client = opened.client();
    const entries = await issuableEntries(client, 2);
    opened.sandbox.setFaults({ [fault]: 1 });
    const result = await client.issueWaybills(issueRequest(entries));
    if (!result.ok) throw new Error(result.error.code);
    // The sandbox spoils the first result of its shuffled list: find which entry it hit.
    const statuses = result.data.outcomes.map(statusOf).map((status) => status.replace(/waybill \S+ answered/, 'waybill answered'));
    expect([...statuses].sort()).toEqual([...expected].sort());
    for (const entry of entries) expect(opened.sandbox.issuedWaybill(entry.objectId)).toBeDefined();
    expect(result.data.outcomes.filter((outcome) => outcome.status === 'failed')).toEqual([]);
  });

  it('a 202 that is not the rate limit is an unknown outcome, sent once', async () => {
    const opened = await bench();
    const client = opened.client();
    const entries = await issuableEntries(client, 2);
    opened.sandbox.clearCalls();
    opened.sandbox.setFaults({ issueBusyAfterEffectRate: 1 });
    const result = await client.issueWaybills(issueRequest(entries));
    expect(result).toEqual({ ok: false, error: { code: 'gateway.issue-answer-lost', params: { cause: 'gateway.busy' }, retryable: false } });
    expect(opened.sandbox.calls()).toHaveLength(1);
    // It had taken effect: resending it would have issued twice.
    for (const entry of entries) expect(opened.sandbox.issuedWaybill(entry.objectId)).toBeDefined();
  });
});

describe('answers larger than 20 MB are not read', () => {
  it('an issue call answered so has an unknown outcome; a read fails without retrying', async () => {
    const opened = await bench();
    const client = opened.client();
    const entries = await issuableEntries(client, 1);
    opened.sandbox.clearCalls();
    opened.sandbox.setFaults({ oversizedAnswerRate: 1 });
    const issued = await client.issueWaybills(issueRequest(entries));
    expect(issued).toEqual({ ok: false, error: { code: 'gateway.issue-answer-lost', params: { cause: 'transport.answer-too-large' }, retryable: false } });
    expect(opened.sandbox.issuedWaybill(entries[0]?.objectId ?? '')).toBeDefined();
    const read = await client.subscription();
    expect(read).toEqual({ ok: false, error: { code: 'transport.answer-too-large', params: { httpStatus: 200, limitBytes: gatewayAnswerLimitBytes }, retryable: false } });
    expect(opened.sandbox.calls()).toHaveLength(2);
  });
});
