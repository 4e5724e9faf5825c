import { DeleteOutlined, DownloadOutlined, EditOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, AutoComplete, Button, Form, Input, Modal, Select, Space, Switch, Typography } from 'antd';
import { PlainTable } from '../issue-print/plain-table';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCALE_BAUD_RATES, SCALE_FRAMINGS, SCALE_UNITS } from '../../../shared/domain/scale';
import { GOODS_TEXT_MAX_CHARS, type BarcodeMapping } from '../../../shared/domain/verification';
import { errorTextKey } from '../../../shared/errors/error-resources';
import { overlayContainer } from '../app/overlay-container';
import { unwrapResult, useStation } from '../bridge/station-context';
import { stationErrorOf } from '../errors/station-error-text';
import { downloadText } from '../history/csv-download';
import { fieldRule } from '../setup/field-rule';
import { deskFieldRange, isValidDeskNumber, type DeskNumberField } from './desk-settings-form';
import { SettingsSection } from './settings-section';

/** The query key of every learned barcode (Settings' list). */
const allBarcodesKey = ['verification-barcodes'] as const;

/** Correcting a learned barcode: the goods name and spec it stands for. */
function CorrectBarcode({ mapping, onClose }: { mapping: BarcodeMapping; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const station = useStation();
  const { message } = App.useApp();
  const [goodsName, setGoodsName] = useState(mapping.goodsName);
  const [goodsSpec, setGoodsSpec] = useState(mapping.goodsSpec);
  const save = async () => {
    try {
      await unwrapResult(station['verification.learn']({ shopId: mapping.shopId, barcode: mapping.barcode, goodsName: goodsName.trim(), goodsSpec: goodsSpec.trim() }));
      onClose(true);
    } catch (caught) {
      const error = stationErrorOf(caught);
      void message.error(t(errorTextKey(error.code), error.params));
    }
  };
  return (
    <Modal open title={t('desk.barcodes.correctTitle', { barcode: mapping.barcode })} okText={t('desk.barcodes.correctSave')} okButtonProps={{ disabled: goodsName.trim() === '' }} onOk={() => void save()} onCancel={() => onClose(false)} getContainer={overlayContainer}>
      <Form layout="vertical">
        <Form.Item label={t('desk.barcodes.goodsName')}>
          <Input value={goodsName} maxLength={GOODS_TEXT_MAX_CHARS} onChange={(event) => setGoodsName(event.target.value)} />
        </Form.Item>
        <Form.Item label={t('desk.barcodes.goodsSpec')}>
          <Input value={goodsSpec} maxLength={GOODS_TEXT_MAX_CHARS} onChange={(event) => setGoodsSpec(event.target.value)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The learned barcodes: every shop's, to view, correct, forget, export and import as CSV. */
function LearnedBarcodes() {
  const { t } = useTranslation();
  const station = useStation();
  const client = useQueryClient();
  const { message } = App.useApp();
  const barcodes = useQuery({ queryKey: allBarcodesKey, queryFn: () => unwrapResult(station['verification.barcodes']({})) });
  const [correcting, setCorrecting] = useState<BarcodeMapping | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const refresh = () => client.invalidateQueries({ queryKey: allBarcodesKey });
  const act = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch (caught) {
      const error = stationErrorOf(caught);
      void message.error(`${t(errorTextKey(error.code), error.params)}`);
    }
  };
  const exportCsv = () =>
    act(async () => {
      const csv = await unwrapResult(station['verification.export-csv']({}));
      downloadText(csv.fileName, csv.text);
      void message.success(t('desk.barcodes.exported', { count: csv.lines, fileName: csv.fileName }));
    });
  const importCsv = (chosen: File) =>
    act(async () => {
      const { imported } = await unwrapResult(station['verification.import-csv']({ text: await chosen.text() }));
      await refresh();
      void message.success(t('desk.barcodes.imported', { count: imported }));
    });
  const forget = (mapping: BarcodeMapping) =>
    act(async () => {
      await unwrapResult(station['verification.forget']({ shopId: mapping.shopId, barcode: mapping.barcode }));
      await refresh();
    });
  return (
    <div className="setup__wide" role="group" aria-label={t('desk.barcodes.title')}>
      <Space wrap className="desk-settings__barcode-tools">
        <strong>{t('desk.barcodes.title')}</strong>
        <Button icon={<DownloadOutlined aria-hidden />} onClick={() => void exportCsv()}>
          {t('desk.barcodes.export')}
        </Button>
        <Button icon={<UploadOutlined aria-hidden />} onClick={() => file.current?.click()}>
          {t('desk.barcodes.import')}
        </Button>
        <input
          ref={file}
          type="file"
          accept=".csv,text/csv"
          hidden
          aria-label={t('desk.barcodes.importFile')}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            event.target.value = '';
            if (chosen) void importCsv(chosen);
          }}
        />
      </Space>
      {(barcodes.data ?? []).length === 0 ? (
        <Typography.Text type="secondary">{barcodes.isPending ? '…' : t('desk.barcodes.none')}</Typography.Text>
      ) : (
        <PlainTable<BarcodeMapping>
          label={t('desk.barcodes.title')}
          rows={barcodes.data ?? []}
          rowKey={(mapping) => `${mapping.shopId} ${mapping.barcode}`}
          columns={[
            { key: 'shop', title: t('desk.barcodes.shop'), render: (mapping) => mapping.shopId },
            { key: 'barcode', title: t('desk.barcodes.barcode'), render: (mapping) => <code>{mapping.barcode}</code> },
            { key: 'goods', title: t('desk.barcodes.goodsName'), render: (mapping) => mapping.goodsName },
            { key: 'spec', title: t('desk.barcodes.goodsSpec'), render: (mapping) => mapping.goodsSpec },
            {
              key: 'actions',
              title: '',
              render: (mapping) => (
                <Space>
                  <Button size="small" icon={<EditOutlined aria-hidden />} aria-label={t('desk.barcodes.correct', { barcode: mapping.barcode })} onClick={() => setCorrecting(mapping)} />
                  <Button size="small" danger icon={<DeleteOutlined aria-hidden />} aria-label={t('desk.barcodes.forget', { barcode: mapping.barcode })} onClick={() => void forget(mapping)} />
                </Space>
              ),
            },
          ]}
        />
      )}
      {correcting ? (
        <CorrectBarcode
          mapping={correcting}
          onClose={(saved) => {
            setCorrecting(null);
            if (saved) void refresh();
          }}
        />
      ) : null}
    </div>
  );
}

/** A numeric desk field, checked as main checks it. */
function DeskNumber({ field, label, hint }: { field: DeskNumberField; label: string; hint: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name={['desk', field]} label={label} extra={hint} rules={[fieldRule((text) => isValidDeskNumber(field, text), t('desk.invalidNumber', deskFieldRange(field)))]}>
      <Input inputMode="numeric" autoComplete="off" />
    </Form.Item>
  );
}

/**
 * Settings → At the desk: scan-to-verify (off by default) and its learned barcodes, and the desk
 * scale — on or off, its serial port (the ports found, or one typed), speed, framing, poll
 * command, unit, how long a weight must hold, and the weights taken without asking.
 */
export function DeskSection() {
  const { t } = useTranslation();
  const station = useStation();
  const ports = useQuery({ queryKey: ['scale-ports'], queryFn: () => unwrapResult(station['scale.ports']({})), staleTime: 10_000 });
  const framing = Form.useWatch(['desk', 'framing']);
  return (
    <SettingsSection section="desk" title={t('settings.section.desk')}>
      <div className="setup__grid">
        <Form.Item name={['desk', 'verify']} label={t('desk.verify')} extra={t('desk.verifyHint')} valuePropName="checked" className="setup__wide">
          <Switch />
        </Form.Item>
        <LearnedBarcodes />
        <Form.Item name={['desk', 'scaleEnabled']} label={t('desk.scale')} extra={t('desk.scaleHint')} valuePropName="checked" className="setup__wide">
          <Switch />
        </Form.Item>
        <Form.Item name={['desk', 'port']} label={t('desk.port')} extra={t('desk.portHint')}>
          <AutoComplete options={(ports.data?.ports ?? []).map((port) => ({ value: port }))} placeholder="/dev/ttyUSB0, COM3" />
        </Form.Item>
        <Form.Item name={['desk', 'baudRate']} label={t('desk.baudRate')}>
          <Select options={SCALE_BAUD_RATES.map((rate) => ({ value: rate, label: String(rate) }))} />
        </Form.Item>
        <Form.Item name={['desk', 'framing']} label={t('desk.framing')} extra={t(`desk.framingHint.${framing ?? 'status-line'}`)}>
          <Select options={SCALE_FRAMINGS.map((value) => ({ value, label: t(`desk.framings.${value}`) }))} />
        </Form.Item>
        {framing === 'poll' ? (
          <Form.Item name={['desk', 'pollCommand']} label={t('desk.pollCommand')} extra={t('desk.pollCommandHint')}>
            <Input autoComplete="off" maxLength={16} />
          </Form.Item>
        ) : null}
        <Form.Item name={['desk', 'unit']} label={t('desk.unit')} extra={t('desk.unitHint')}>
          <Select options={SCALE_UNITS.map((unit) => ({ value: unit, label: unit }))} />
        </Form.Item>
        <DeskNumber field="stableMs" label={t('desk.stableMs')} hint={t('desk.stableMsHint')} />
        <DeskNumber field="minWeightG" label={t('desk.minWeightG')} hint={t('desk.rangeHint')} />
        <DeskNumber field="maxWeightG" label={t('desk.maxWeightG')} hint={t('desk.rangeHint')} />
      </div>
    </SettingsSection>
  );
}
