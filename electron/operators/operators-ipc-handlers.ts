import type { FeatureIpcHandlers } from '../ipc/feature-ipc-handlers';
import type { AuditLog } from '../audit/audit-log';
import type { OperatorDesk } from './operator-desk';

/** Signing in and out, the desk's operators, and the audit log (the gate adds who may). */
export function operatorsIpcHandlers(desk: OperatorDesk, audit: AuditLog): FeatureIpcHandlers<'operators' | 'audit'> {
  return {
    'operators.session': () => desk.session(),
    'operators.sign-in': (credentials) => desk.signIn(credentials),
    'operators.sign-out': ({ reason }) => desk.signOut(reason),
    'operators.keep-alive': () => desk.keepAlive(),
    'operators.list': () => desk.list(),
    'operators.add': ({ name, role, pin, badge }) => desk.add({ name, role, pin, badge }),
    'operators.remove': ({ operatorId }) => desk.remove(operatorId),
    'operators.kept-apart': async () => ({ names: await desk.keptApart() }),
    'operators.dismiss-kept-apart': async () => ({ names: await desk.dismissKeptApart() }),
    'audit.search': (query) => audit.search(query),
    'audit.export-csv': (query) => audit.exportCsv(query),
  };
}
