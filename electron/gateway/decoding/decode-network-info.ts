import type {
  BranchService,
  CarrierBranch,
  CarrierNetwork,
  NetworkInfo,
  SenderAddress,
  ValueAddedAccount,
} from '../../../shared/domain/network';
import { stationError } from '../../../shared/errors/station-error';
import type { Result } from '../../../shared/result';
import { fail, ok } from '../../../shared/result';
import { callCost } from './call-cost';
import type { RawRecord } from './tolerant-values';
import { asRecord, asRecordList, pick, readBoolean, readInteger, readText } from './tolerant-values';

function decodeService(record: RawRecord): BranchService {
  return {
    code: readText(record.service_code),
    name: readText(record.service_name),
    description: readText(record.service_desc),
    required: readBoolean(record.required) ?? false,
    attributes: asRecordList(record.service_attributes).map((attribute) => ({
      code: readText(attribute.attribute_code),
      name: readText(attribute.attribute_name),
      type: readText(attribute.attribute_type),
      typeDescription: readText(attribute.type_desc),
    })),
  };
}

function decodeAddress(record: RawRecord): SenderAddress {
  return {
    country: readText(record.country),
    province: readText(record.province),
    city: readText(record.city),
    district: readText(record.district),
    town: readText(record.town),
    detail: readText(pick(record, 'detail', 'address')),
  };
}

/** The four balance counts a branch account and a value-added account both carry. */
type AccountBalance = Pick<CarrierBranch, 'quantity' | 'allocatedQuantity' | 'cancelQuantity' | 'recycledQuantity'>;

function decodeBalance(record: RawRecord): AccountBalance {
  return {
    quantity: readInteger(record.quantity),
    allocatedQuantity: readInteger(record.allocated_quantity),
    cancelQuantity: readInteger(record.cancel_quantity),
    recycledQuantity: readInteger(record.recycled_quantity),
  };
}

function decodeValueAddedAccount(record: RawRecord): ValueAddedAccount {
  return { typeDescription: readText(record.account_type_desc), ...decodeBalance(record) };
}

function decodeBranch(record: RawRecord): CarrierBranch {
  return {
    branchCode: readText(record.branch_code),
    branchName: readText(record.branch_name),
    ...decodeBalance(record),
    services: asRecordList(record.service_info_cols).map(decodeService),
    senderAddresses: asRecordList(pick(record, 'shipp_address_cols', 'ship_address_cols', 'shipping_address_cols')).map(decodeAddress),
    valueAddedAccounts: asRecordList(record.vas_account_cols).map(decodeValueAddedAccount),
  };
}

function decodeCarrier(record: RawRecord): CarrierNetwork {
  return {
    carrierCode: readText(pick(record, 'wp_code', 'cp_code')),
    carrierType: readInteger(record.wp_type),
    branches: asRecordList(record.branch_account_cols).map(decodeBranch),
  };
}

/** The data of a network-info answer (spec 2.6): carriers, their branches, services and sender addresses. */
export function decodeNetworkInfo(data: unknown): Result<NetworkInfo> {
  const record = asRecord(data);
  if (!record || !Array.isArray(record.content)) {
    return fail(stationError('gateway.unexpected-data', { endpoint: 'network-info', detail: 'data.content is not a list' }));
  }
  return ok({ carriers: asRecordList(record.content).map(decodeCarrier), points: callCost(data) });
}
