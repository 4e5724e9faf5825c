import { stationCall } from './desk-actions';
import { selectByScanning } from './issue-print-actions';
import { openOwnGatewayDesk } from './own-gateway-desk';
import { saveScreenshot } from './screenshots';
import { expect, startHost, stopProcess, test } from './station-fixtures';

test.use({ useOwnGateway: true, demoOrders: 40 });

test.describe('recovery after a crash (zh-CN)', () => {
  test('the host is killed mid-job; at the next start the recovery view shows the interrupted job, which resumes', async ({ openStation, request, stationHost, ownGateway }) => {
    test.setTimeout(180_000);
    if (!ownGateway) throw new Error('the own gateway did not start');
    const page = await openStation('zh-CN');
    await openOwnGatewayDesk(page, request, stationHost, ownGateway, 40);
    const { rows } = await stationCall(request, stationHost, 'orders.list', {});
    const plan = await stationCall(request, stationHost, 'issue.plan', { orderNumbers: rows.map((row) => row.order.orderNumber), merge: false, keepApart: [] });
    const orders = plan.packages.map((entry) => entry.key).filter((number) => /^[0-9]+$/.test(number)).slice(0, 25);
    await selectByScanning(page, orders, (orderNumber) => `已选中订单 ${orderNumber}`);
    await page.getByRole('button', { name: '取号并打印 25 单' }).click();
    const drawer = page.getByRole('dialog', { name: '取号打印' });
    // Slow answers, so the crash lands while issue calls are out: their orders are pending.
    ownGateway.sandbox.setFaults({ latencyMs: 4000 });
    await drawer.getByRole('button', { name: '取号并打印 25 张面单' }).click();
    await expect(drawer.getByRole('table', { name: '任务中的订单' })).toContainText('取号中', { timeout: 30_000 });

    await page.goto('about:blank');
    stationHost.process.kill('SIGKILL');
    await new Promise((resolve) => stationHost.process.once('exit', resolve));
    ownGateway.sandbox.setFaults({ latencyMs: 0 });
    const restarted = await startHost(stationHost.dataDir, 40, ownGateway.connections);
    try {
      await page.goto(restarted.url);
      const recovery = page.getByRole('dialog', { name: '有未完成的工作' });
      await expect(recovery).toBeVisible({ timeout: 30_000 });
      const report = await stationCall(request, restarted, 'jobs.startup-report', {});
      // The pending orders were looked up, not issued again blindly.
      expect(report.reconciled.recovered.length + report.reconciled.notIssued.length).toBeGreaterThan(0);
      if (report.reconciled.recovered.length > 0) await expect(recovery).toContainText(report.reconciled.recovered[0] ?? '');
      await saveScreenshot(page, 'recovery', 'zh-CN');
      if (report.interruptedJobs.length > 0) {
        await expect(recovery).toContainText(`${report.interruptedJobs.length} 个任务被中断`);
        await recovery.getByRole('button', { name: '继续' }).first().click();
        const resumed = page.getByRole('dialog', { name: '取号打印' });
        await expect(resumed.getByText('任务完成')).toBeVisible({ timeout: 60_000 });
      } else await recovery.getByRole('button', { name: '关闭' }).click();
      // Every order ends with exactly one waybill, printed once: nothing was issued or printed twice.
      await expect
        .poll(async () => {
          const history = await stationCall(request, restarted, 'history.search', { limit: 1000 });
          return history.rows.filter((row) => row.waybillCode !== null && row.printState === 'printed').length;
        }, { timeout: 60_000 })
        .toBe(25);
      const history = await stationCall(request, restarted, 'history.search', { limit: 1000 });
      const issued = history.rows.filter((row) => row.waybillCode !== null);
      expect(new Set(issued.map((row) => row.orderNumber)).size).toBe(25);
      expect(new Set(issued.map((row) => row.waybillCode)).size).toBe(25);
      const printed = ownGateway.emulator.printed();
      expect(printed).toHaveLength(25);
      expect(new Set(printed.map((document) => document.documentId)).size).toBe(25);
      await page.goto('about:blank');
    } finally {
      await stopProcess(restarted.process);
    }
  });
});
