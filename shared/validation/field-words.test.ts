import { describe, expect, it } from 'vitest';
import { errorCatalog } from '../errors/error-catalog';
import { fillTemplate, stationError } from '../errors/station-error';
import { validateIssueRequest } from './issue-entry-validation';
import { deskFieldWords, withDeskFieldWords } from './field-words';

describe('validation messages in the desk’s words', () => {
  it('names the receiver’s fields as a packer knows them', () => {
    expect(deskFieldWords('recipient.name', 'zh')).toBe('收件人姓名');
    expect(deskFieldWords('recipient.address.detail', 'en')).toBe("the receiver's street address");
    expect(deskFieldWords('order_info.trade_order_list[0]', 'zh')).toBe('订单号');
    expect(deskFieldWords('package_info.items[1].count', 'en')).toBe('the quantity of goods item 2');
  });

  it('points at the control that fixes a setting: ship-from (F7) or Settings (F2)', () => {
    expect(deskFieldWords('cp_code', 'en')).toBe('the carrier (Ship from, F7)');
    expect(deskFieldWords('sender.name', 'zh')).toBe('寄件人姓名（设置 F2 → 寄件人）');
    expect(deskFieldWords('sender.address.province', 'en')).toBe("the sender's province (Ship from, F7)");
    expect(deskFieldWords('template_url', 'zh')).toBe('面单模板（设置 F2 → 打印）');
  });

  it('keeps a path it has no words for', () => {
    expect(deskFieldWords('something.new', 'en')).toBe('something.new');
  });

  it('turns an error the rules raise into a sentence with no gateway field name in it', () => {
    const error = stationError('validation.too-long', { orderId: '3408112357125656046', field: 'recipient.name', length: 41, limit: 40 });
    const text = fillTemplate(errorCatalog[error.code].en.text, withDeskFieldWords(error.params, 'en'));
    expect(text).toBe("Order 3408112357125656046: the receiver's name has 41 characters; the limit is 40.");
    expect(text).not.toContain('recipient.');
  });

  it('speaks of the carrier and the sender in place of cp_code and sender.* when nothing is chosen', () => {
    const { requestProblems: problems } = validateIssueRequest({ carrierCode: '', branchCode: '', needEncrypt: true, sender: { name: '', mobile: '', phone: '', address: { province: '', city: '', district: '', town: '', detail: '' } }, entries: [] });
    expect(problems.length).toBeGreaterThan(1);
    const texts = problems.map((problem) => fillTemplate(errorCatalog[problem.code].zh.remedy, withDeskFieldWords(problem.params, 'zh')));
    expect(texts.join('\n')).toContain('快递公司（发货网点 F7）');
    expect(texts.join('\n')).not.toMatch(/cp_code|sender\./);
  });
});
