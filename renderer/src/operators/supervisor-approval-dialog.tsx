import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SupervisorApproval } from '../../../shared/operators/operators';
import { overlayContainer } from '../app/overlay-container';
import { useUi } from '../app/ui-store-context';
import { StationErrorAlert } from '../errors/station-error-text';

/** The supervisor's name and PIN, asked on the spot when main refuses a packer an action; allows that one action. */
export function SupervisorApprovalDialog() {
  const { t } = useTranslation();
  const request = useUi((state) => state.approvalRequest);
  const [form] = Form.useForm<SupervisorApproval>();
  if (request === null) return null;
  const allow = async () => {
    const values = await form.validateFields();
    form.resetFields(['pin']);
    request.answer({ name: values.name.trim(), pin: values.pin });
  };
  return (
    <Modal
      open
      title={t('operators.approval.title')}
      okText={t('operators.approval.allow')}
      cancelText={t('operators.approval.cancel')}
      onOk={() => void allow()}
      onCancel={() => request.answer(null)}
      destroyOnHidden
      maskClosable={false}
      getContainer={overlayContainer}
      // Above the dialog whose action it allows (a void's confirmation, at 2000, waits under it).
      zIndex={2100}
    >
      <Typography.Paragraph>{t('operators.approval.hint')}</Typography.Paragraph>
      {request.error.code === 'operators.supervisor-needed' ? null : <StationErrorAlert error={request.error} compact />}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={() => void allow()}>
        <Form.Item name="name" label={t('operators.approval.name')} rules={[{ required: true, whitespace: true }]}>
          <Input autoFocus autoComplete="off" />
        </Form.Item>
        <Form.Item name="pin" label={t('operators.approval.pin')} rules={[{ required: true, pattern: /^\d{4,8}$/ }]}>
          <Input.Password inputMode="numeric" autoComplete="off" maxLength={8} onPressEnter={() => void allow()} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
