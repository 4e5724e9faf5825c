/** The merchant's subscription period (spec 2.5), decoded. Times are epoch ms. */
export interface Subscription {
  startsAt: number | null;
  endsAt: number | null;
  status: string;
  /** version_no: the edition number the gateway reports. */
  versionNo: number | null;
  /** Points the call cost. */
  points: number;
}
