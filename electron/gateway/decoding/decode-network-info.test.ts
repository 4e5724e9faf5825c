import { describe, expect, it } from 'vitest';
import { decodeNetworkInfo } from './decode-network-info';

const branch = {
  branch_code: '571058',
  branch_name: '杭州余杭仓前网点',
  quantity: '1200',
  allocated_quantity: 300,
  cancel_quantity: '2',
  recycled_quantity: 1,
  service_info_cols: [
    {
      required: 'false',
      service_code: 'SVC-COD',
      service_name: '代收货款',
      service_desc: '代收',
      service_attributes: [{ attribute_code: 'value', attribute_name: '金额', attribute_type: 'number', type_desc: '元' }],
    },
  ],
  shipp_address_cols: [{ country: '中国', province: '浙江省', city: '杭州市', district: '余杭区', detail: '文一西路 1500 号' }],
  vas_account_cols: [{ account_type_desc: '保价', quantity: '10', allocated_quantity: 1, cancel_quantity: 0, recycled_quantity: 0 }],
};

describe('decodeNetworkInfo', () => {
  it('decodes carriers, branches, services and sender addresses', () => {
    const decoded = decodeNetworkInfo({ content: [{ wp_code: 'YTO', wp_type: '2', branch_account_cols: [branch] }], withholding_money: 3 });
    expect(decoded).toEqual({
      ok: true,
      data: {
        points: 3,
        carriers: [
          {
            carrierCode: 'YTO',
            carrierType: 2,
            branches: [
              {
                branchCode: '571058',
                branchName: '杭州余杭仓前网点',
                quantity: 1200,
                allocatedQuantity: 300,
                cancelQuantity: 2,
                recycledQuantity: 1,
                services: [
                  {
                    code: 'SVC-COD',
                    name: '代收货款',
                    description: '代收',
                    required: false,
                    attributes: [{ code: 'value', name: '金额', type: 'number', typeDescription: '元' }],
                  },
                ],
                senderAddresses: [{ country: '中国', province: '浙江省', city: '杭州市', district: '余杭区', town: '', detail: '文一西路 1500 号' }],
                valueAddedAccounts: [{ typeDescription: '保价', quantity: 10, allocatedQuantity: 1, cancelQuantity: 0, recycledQuantity: 0 }],
              },
            ],
          },
        ],
      },
    });
  });

  it('reads a branch’s and a value-added account’s balance counts alike: text numbers read, missing or unreadable ones null', () => {
    const counts = { quantity: '7', allocated_quantity: 'many', recycled_quantity: null };
    const decoded = decodeNetworkInfo({
      content: [{ wp_code: 'ZTO', branch_account_cols: [{ branch_code: 'B1', ...counts, vas_account_cols: [{ account_type_desc: '保价', ...counts }] }] }],
    });
    const balance = { quantity: 7, allocatedQuantity: null, cancelQuantity: null, recycledQuantity: null };
    expect(decoded.ok && decoded.data.carriers[0]?.branches[0]).toMatchObject({ ...balance, valueAddedAccounts: [{ typeDescription: '保价', ...balance }] });
  });

  it('takes the cost from the carrier records when data has none (field-table placement)', () => {
    const decoded = decodeNetworkInfo({ content: [{ wp_code: 'YTO', withholding_money: 4, branch_account_cols: [] }, { wp_code: 'ZTO', withholding_money: 4 }] });
    expect(decoded.ok && decoded.data.points).toBe(4);
  });

  it('refuses an answer without a content list', () => {
    const decoded = decodeNetworkInfo({ withholding_money: 1 });
    expect(!decoded.ok && decoded.error.code).toBe('gateway.unexpected-data');
  });
});
