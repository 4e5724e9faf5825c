import { IdcardOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { unwrapResult, useStation } from '../bridge/station-context';
import { StationErrorAlert, stationErrorOf } from '../errors/station-error-text';
import { useScanner } from '../scanning/use-scanner';
import { operatorSessionKey } from './use-operator-session';
import './operators.css';

type Credentials = { name: string; pin: string } | { badge: string };

/**
 * The desk while operators are on and nobody is signed in: a name and PIN, or a badge scanned
 * anywhere on the page (the desk's own scanner detection: a scan is told from typing by its pace).
 */
export function SignInScreen() {
  const { t } = useTranslation();
  const station = useStation();
  const client = useQueryClient();
  const [form] = Form.useForm<{ name: string; pin: string }>();
  const signIn = useMutation({
    mutationFn: (credentials: Credentials) => unwrapResult(station['operators.sign-in'](credentials)),
    onSuccess: (session) => {
      form.resetFields();
      client.setQueryData(operatorSessionKey, session);
    },
    onError: () => form.resetFields(['pin']),
  });
  useScanner({ onScan: (badge) => signIn.mutate({ badge }), onDuplicate: () => undefined });
  return (
    <div className="sign-in">
      <Card className="sign-in__card">
        <Typography.Title level={2}>
          <IdcardOutlined aria-hidden /> {t('operators.signIn.title')}
        </Typography.Title>
        <Typography.Paragraph>{t('operators.signIn.hint')}</Typography.Paragraph>
        <Form form={form} name="sign-in" layout="vertical" requiredMark={false} onFinish={(values) => signIn.mutate({ name: values.name.trim(), pin: values.pin })}>
          <Form.Item name="name" label={t('operators.signIn.name')} rules={[{ required: true, whitespace: true }]}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name="pin" label={t('operators.signIn.pin')} rules={[{ required: true, pattern: /^\d{4,8}$/ }]}>
            <Input.Password inputMode="numeric" autoComplete="off" maxLength={8} />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={signIn.isPending}>
            {t('operators.signIn.submit')}
          </Button>
        </Form>
        {signIn.isError ? <StationErrorAlert error={stationErrorOf(signIn.error)} /> : null}
      </Card>
    </div>
  );
}
