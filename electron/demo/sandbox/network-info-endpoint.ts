import { DEMO_NETWORK } from './demo-network';
import { charge, checkShop, successAnswer, type EndpointHandler } from './gateway-context';
import { ParameterError, optionalString } from './request-fields';

/**
 * Branch / network info (spec 4.4), served at /papi/tool/erps/ks-network-info and its alias:
 * JSON `owner_id` (any of the account's shops: they share the network), `platform` (only "1" is accepted, as the spec says), optional
 * `wp_code` filter; vvtype is ignored. Balances are the live ones. The spec does not mark this
 * endpoint "requires shop authorization", but its data is the shop's: an unauthorized shop
 * answers 302 here as on the marked endpoints.
 */
export const handleNetworkInfo: EndpointHandler = (context, body) => {
  const { refusal } = checkShop(context, body, 'owner_id');
  if (refusal) return refusal;
  const platform = optionalString(body, 'platform', 'platform');
  if (platform === undefined) throw new ParameterError('platform', '不能为空');
  if (platform !== '1') throw new ParameterError('platform', '目前只能选择1');
  const wpCode = optionalString(body, 'wp_code', 'wp_code');

  const fee = charge(context, 'network-info');
  const perCarrierFee = context.quirks === 'field-table' ? { withholding_money: fee } : {};
  const content = DEMO_NETWORK.filter((account) => wpCode === undefined || account.cpCode === wpCode).map((account) => ({
    wp_code: account.cpCode,
    wp_type: account.wpType,
    branch_account_cols: account.branches.map((branch) => {
      const counters = context.state.counters(branch.code);
      return {
        branch_code: branch.code,
        branch_name: branch.name,
        quantity: counters.quantity,
        allocated_quantity: counters.allocated,
        cancel_quantity: counters.cancelled,
        recycled_quantity: counters.recycled,
        service_info_cols: branch.services.map((service) => ({
          required: service.required,
          service_code: service.code,
          service_name: service.name,
          service_desc: service.desc,
          service_attributes: service.attributes.map((attribute) => ({
            attribute_code: attribute.code,
            attribute_name: attribute.name,
            attribute_type: attribute.type,
            type_desc: attribute.typeDesc,
          })),
        })),
        shipp_address_cols: branch.addresses.map((address) => ({ ...address })),
        vas_account_cols: branch.vasAccounts.map((account) => ({
          account_type_desc: account.desc,
          quantity: account.quantity,
          allocated_quantity: account.allocated,
          cancel_quantity: account.cancelled,
          recycled_quantity: account.recycled,
        })),
      };
    }),
    ...perCarrierFee,
  }));
  return successAnswer(context.quirks === 'field-table' ? { content } : { content, withholding_money: fee });
};
