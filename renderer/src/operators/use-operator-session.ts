import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { OperatorSession } from '../../../shared/operators/operators';
import { unwrapResult, useStation } from '../bridge/station-context';

/** The query key of who is signed in at this desk. */
export const operatorSessionKey = ['operators', 'session'] as const;

/** Who is signed in at this desk, kept current by main's `operators.changed`. */
export function useOperatorSession() {
  const station = useStation();
  const client = useQueryClient();
  useEffect(() => station.on('operators.changed', (session) => client.setQueryData<OperatorSession>(operatorSessionKey, session)), [station, client]);
  return useQuery({ queryKey: operatorSessionKey, queryFn: () => unwrapResult(station['operators.session']({})), staleTime: Infinity });
}
