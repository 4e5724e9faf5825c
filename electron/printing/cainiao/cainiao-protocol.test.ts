import { describe, expect, it } from 'vitest';
import { readNotification, readPrinterList, readTaskStatusReply, wirePrinterConfig } from './cainiao-protocol';

/**
 * The readers against message variants the emulator does not produce: spellings seen only in
 * community clients, numbers sent as text, status words of other component versions.
 */
describe('CAINIAO notice readers', () => {
  it.each(['completeFailure', 'completeFailed', 'complete_failed', 'COMPLETEFAILED'])('reads notifyTaskResult %s as a task failure', (status) => {
    expect(readNotification({ cmd: 'notifyTaskResult', taskID: 't', status, msg: 'x' }).task).toEqual({ taskId: 't', status: 'complete-failure', rawStatus: status, message: 'x' });
  });

  it('reads notifyDocResult with a numeric-text code as a failure, and code 0 as fine', () => {
    expect(readNotification({ cmd: 'notifyDocResult', taskID: 't', documentID: 'd', status: 'printed', code: '40', detail: 'Unknown encryption type.' }).documents).toEqual([
      { kind: 'failed', taskId: 't', documentId: 'd', printer: null, failure: { code: 40, detail: 'Unknown encryption type.', source: 'document' } },
    ]);
    expect(readNotification({ cmd: 'notifyDocResult', taskId: 't', documentId: 'd', status: 'printed', code: '0' }).documents).toEqual([
      { kind: 'printed', taskId: 't', documentId: 'd', printer: null },
    ]);
  });

  it('never reads a task-level success as a printed document', () => {
    expect(readNotification({ cmd: 'notifyTaskResult', taskId: 't', status: 'completeSuccess' }).documents).toEqual([]);
    expect(readNotification({ cmd: 'notifyPrintResult', taskID: 't', taskStatus: 'rendered', printStatus: [{ documentID: 'd', status: 'success' }] }).documents).toEqual([
      { kind: 'rendered', taskId: 't', documentId: 'd', printer: null },
    ]);
  });

  it('ignores notices that name no task or document', () => {
    expect(readNotification({ cmd: 'notifyDocResult', status: 'printed', code: 0 })).toEqual({ documents: [], task: null });
    expect(readNotification({ cmd: 'notifySomethingNew', taskId: 't' })).toEqual({ documents: [], task: null });
  });
});

describe('CAINIAO reply readers', () => {
  it('maps status words of getTaskStatus, keeping unknown words unknown', () => {
    const reply = {
      printStatus: [
        {
          taskId: 't1',
          detailStatus: [
            { documentId: 'a', status: 'success' },
            { documentID: 'b', status: 'printing' },
            { documentID: 'c', status: 'failed', errorCode: 13, msg: 'jam' },
            { documentID: 'd', status: 'notExist' },
            { documentID: 'e', status: 'sleeping' },
          ],
        },
      ],
    };
    expect(readTaskStatusReply(reply, ['t1', 't2'])).toEqual([
      {
        taskId: 't1',
        answer: 'found',
        documents: [
          { documentId: 'a', status: { kind: 'printed' }, printer: null },
          { documentId: 'b', status: { kind: 'in-progress' }, printer: null },
          { documentId: 'c', status: { kind: 'failed', failure: { code: 13, detail: 'jam', source: 'status-query' } }, printer: null },
          { documentId: 'd', status: { kind: 'not-found' }, printer: null },
          { documentId: 'e', status: { kind: 'unrecognized', rawStatus: 'sleeping' }, printer: null },
        ],
      },
      { taskId: 't2', answer: 'not-found', documents: [] },
    ]);
  });

  it('reads an answer without a task list as unreadable, never as "not found"', () => {
    for (const reply of [{ status: 'success', msg: '' }, { status: 'success', result: { t1: 'printed' } }, { printStatus: { taskID: 't1' } }]) {
      expect(readTaskStatusReply(reply, ['t1'])).toEqual([{ taskId: 't1', answer: 'unreadable', documents: [] }]);
    }
  });

  it('reads printers given as bare names', () => {
    expect(readPrinterList({ defaultPrinter: 'A', printers: ['A', { name: 'B', status: 'enable' }, ''] })).toEqual({
      defaultPrinter: 'A',
      printers: [
        { name: 'A', status: null },
        { name: 'B', status: 'enable' },
      ],
    });
  });

  it('writes a printer config back with every field the component sent', () => {
    const raw = { name: 'P', paperSize: { width: 76, height: 130, unit: 'mm' }, horizontalOffset: 0, verticalOffset: 0, needTopLogo: true };
    expect(wirePrinterConfig({ name: 'P', paperSize: { width: 76, height: 130 }, horizontalOffset: 1, verticalOffset: 2, orientation: null, raw })).toEqual({
      name: 'P',
      paperSize: { width: 76, height: 130, unit: 'mm' },
      horizontalOffset: 1,
      verticalOffset: 2,
      needTopLogo: true,
    });
  });
});
