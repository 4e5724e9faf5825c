import type {
  DocumentOutcome,
  PrintComponent,
  PrintTask,
  PreviewTask,
  TaskOutcome,
  TaskStatusReport,
  Unsubscribe,
} from './print-component';
import { createListenerSet } from '../events/listener-set';
import type { ComponentState } from '../../shared/domain/printing';

/** A print component whose underlying adapter can change while the queue keeps one reference. */
export interface SwitchablePrintComponent extends PrintComponent {
  /** Makes `component` the one new requests go to; the previous ones keep reporting their tasks. */
  use(component: PrintComponent): void;
}

/**
 * One stable PrintComponent for the print queue and the engine, in front of whichever adapter
 * the settings choose (the CAINIAO component at some address, or OS printing). Outcomes of
 * every adapter it ever used keep flowing, and a task's status is asked of the adapter that
 * received it, so switching never loses track of a label already sent.
 */
export function createSwitchablePrintComponent(initial: PrintComponent): SwitchablePrintComponent {
  const stateListeners = createListenerSet<ComponentState>();
  const documentListeners = createListenerSet<DocumentOutcome>();
  const taskListeners = createListenerSet<TaskOutcome>();
  const used: PrintComponent[] = [];
  const receiverOfTask = new Map<string, PrintComponent>();
  let current = initial;

  const adopt = (component: PrintComponent) => {
    if (used.includes(component)) return;
    used.push(component);
    component.onStateChange((state) => {
      if (component === current) stateListeners.emit(state);
    });
    component.onDocumentOutcome((outcome) => documentListeners.emit(outcome));
    component.onTaskOutcome((outcome) => taskListeners.emit(outcome));
  };
  adopt(initial);

  return {
    use(component) {
      adopt(component);
      current = component;
      component.connect();
      stateListeners.emit(component.state());
    },
    output: () => current.output(),
    connect: () => current.connect(),
    close: async () => {
      await Promise.all(used.map((component) => component.close()));
    },
    state: () => current.state(),
    onStateChange: (listener): Unsubscribe => stateListeners.add(listener),
    onDocumentOutcome: (listener): Unsubscribe => documentListeners.add(listener),
    onTaskOutcome: (listener): Unsubscribe => taskListeners.add(listener),
    getAgentInfo: () => current.getAgentInfo(),
    getPrinters: () => current.getPrinters(),
    getPrinterConfig: (printer) => current.getPrinterConfig(printer),
    setPrinterConfig: (config) => current.setPrinterConfig(config),
    print: (task: PrintTask) => {
      receiverOfTask.set(task.taskId, current);
      return current.print(task);
    },
    preview: (task: PreviewTask) => current.preview(task),
    getTaskStatus: async (taskIds): Promise<TaskStatusReport[]> => {
      const byReceiver = new Map<PrintComponent, string[]>();
      for (const taskId of taskIds) {
        const receiver = receiverOfTask.get(taskId) ?? current;
        byReceiver.set(receiver, [...(byReceiver.get(receiver) ?? []), taskId]);
      }
      const reports = await Promise.all([...byReceiver].map(([receiver, ids]) => receiver.getTaskStatus(ids)));
      return reports.flat();
    },
  };
}
