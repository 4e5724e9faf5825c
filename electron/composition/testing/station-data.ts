import type { Result } from '../../../shared/result';
import type { Station } from '../station';

/** A contract call through the station's dispatcher, as the renderer makes it; throws naming the channel, code and params unless it answers ok. */
export async function stationData<T>(station: Station, channel: string, input: unknown = {}): Promise<T> {
  const answer = (await station.dispatch(channel, input)) as Result<T>;
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.code} ${JSON.stringify(answer.error.params)}`);
  return answer.data;
}
