import type { StateCreator } from 'zustand';
import type { ShopOrderRef } from '../../../shared/domain/shop-order';
import type { GoodsLineKey, VerificationMismatch } from '../../../shared/domain/verification';
import type { VerifySession } from './verification-session';

/** Why an item scan counted for no order: none was being verified, or an order's scan (another, or the same again) replaced the verifying it was scanned in. */
export type ItemWithoutOrder = 'no-order' | 'order-changed';

/** The latest alarm of the order being verified, in desk words on the panel. */
export interface VerifyAlarm {
  mismatch: VerificationMismatch | ItemWithoutOrder;
  barcode: string;
  goods: GoodsLineKey | null;
  at: number;
}

/** Scan-to-verify's UI state: the order being verified, what it waits for, and the orders verified this session. */
export interface VerificationSlice {
  verifying: VerifySession | null;
  setVerifying: (session: VerifySession | null) => void;
  /** Verified orders released to issue and print (their `shopOrderKey`s): scanning one again is an alarm. */
  verifiedOrders: readonly string[];
  markVerified: (key: string) => void;
  /** A barcode not learned yet, waiting for the packer to say which goods line it is. */
  barcodeQuestion: string | null;
  setBarcodeQuestion: (barcode: string | null) => void;
  verifyAlarm: VerifyAlarm | null;
  setVerifyAlarm: (alarm: VerifyAlarm | null) => void;
  /** An order of a held-back status the packer chose to verify anyway, for the desk to open. */
  verifyRequest: ShopOrderRef | null;
  verifyHeldBack: (order: ShopOrderRef) => void;
  takeVerifyRequest: () => ShopOrderRef | null;
}

/** Creates the scan-to-verify slice of the UI store. */
export const createVerificationSlice: StateCreator<VerificationSlice, [], [], VerificationSlice> = (set, get) => ({
  verifying: null,
  setVerifying: (verifying) => set({ verifying, barcodeQuestion: null, verifyAlarm: null }),
  verifiedOrders: [],
  markVerified: (key) => set((state) => ({ verifiedOrders: [...state.verifiedOrders, key] })),
  barcodeQuestion: null,
  setBarcodeQuestion: (barcodeQuestion) => set({ barcodeQuestion }),
  verifyAlarm: null,
  setVerifyAlarm: (verifyAlarm) => set({ verifyAlarm }),
  verifyRequest: null,
  verifyHeldBack: (order) => set({ verifyRequest: { shopId: order.shopId, orderNumber: order.orderNumber } }),
  takeVerifyRequest: () => {
    const request = get().verifyRequest;
    if (request !== null) set({ verifyRequest: null });
    return request;
  },
});
