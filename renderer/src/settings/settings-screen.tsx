import { ArrowLeftOutlined, CheckCircleFilled, EditFilled, SaveOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Skeleton, Typography } from 'antd';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsView } from '../../../shared/ipc/ipc-contract';
import { useUi } from '../app/ui-store-context';
import { refetchAccountData, stationQueryKeys, useSettingsQuery } from '../bridge/station-queries';
import { unwrapResult, useStation } from '../bridge/station-context';
import { useStoreSecret, useStoreToken } from '../error-flows/use-store-token';
import { StationErrorAlert, stationErrorOf } from '../errors/station-error-text';
import { useWindowShortcuts } from '../shortcuts/use-window-shortcuts';
import { AdvancedSection } from './advanced-section';
import { DeskSection } from './desk-section';
import { ConnectionSection } from './connection-section';
import { GeneralSection } from './general-section';
import { PrintingSection } from './printing-section';
import { SenderSection } from './sender-section';
import { SharedModeSection, sharedModeStatusKey } from './shared-mode-section';
import { OperatorsSection } from '../operators/operators-section';
import { hasUnsavedChanges, settingsFormValues, settingsSave, type SettingsFormValues } from './settings-form';
import { isFieldErrors, validateShowingFirstError } from '../setup/validate-form';
import { SETTINGS_SECTIONS, settingsSectionElementId } from './settings-section';
import { isEmptyPatch } from './settings-changes';
import '../setup/setup-screen.css';
import './settings-screen.css';

// The editor renders again at every keystroke (it watches every value to know what a save would
// send); a section renders again only when its own props change, not the whole screen each time.
const ConnectionPart = memo(ConnectionSection);
const PrintingPart = memo(PrintingSection);
const SenderPart = memo(SenderSection);
const DeskPart = memo(DeskSection);
const GeneralPart = memo(GeneralSection);
const SharedModePart = memo(SharedModeSection);
const OperatorsPart = memo(OperatorsSection);
const AdvancedPart = memo(AdvancedSection);

/** The Settings form over the current settings. */
function SettingsEditor({ view }: { view: SettingsView }) {
  const { t } = useTranslation();
  const station = useStation();
  const storeToken = useStoreToken();
  const storeSecret = useStoreSecret();
  const client = useQueryClient();
  const { modal, message } = App.useApp();
  const setSettingsOpen = useUi((state) => state.setSettingsOpen);
  const [form] = Form.useForm<SettingsFormValues>();
  // The settings the form was last filled from: a change made elsewhere (another window, a field
  // that saves at once, a test) refills an untouched form instead of showing as the user's own edit.
  const [filledFrom, setFilledFrom] = useState(view);
  const initialValues = useMemo(() => settingsFormValues(filledFrom), [filledFrom]);
  // Every value, the folded and hidden fields' too: what a save would send is worked out from them.
  // Until the form has rendered its fields the watch answers nothing (or part): the initial values stand in.
  const watched = Form.useWatch((all: Partial<SettingsFormValues>) => all, { form, preserve: true });
  const values: SettingsFormValues = { ...initialValues, ...watched };
  const pending = settingsSave(values, view);
  const dirty = hasUnsavedChanges(pending);
  // Untouched since it was filled (or just saved): it follows the settings as they are now.
  if (view !== filledFrom && (!dirty || !hasUnsavedChanges(settingsSave(values, filledFrom)))) setFilledFrom(view);
  useEffect(() => form.setFieldsValue(initialValues), [form, initialValues]);

  /** Checks every field, then sends only what changed (settings, printer, token) and keeps the input when it fails. */
  const saveChanges = useCallback(async (): Promise<void> => {
    await validateShowingFirstError(form);
    const steps = settingsSave(form.getFieldsValue(true), view);
    // The printer goes with the other settings in one call: a packer's save asks a supervisor once.
    const printer = steps.printer === undefined ? {} : { printer: steps.printer };
    if (!isEmptyPatch(steps.patch) || steps.printer !== undefined) client.setQueryData(stationQueryKeys.settings, await unwrapResult(station['settings.update']({ patch: steps.patch, ...printer })));
    if (steps.token !== null) {
      await storeToken(steps.token);
      form.setFieldValue('token', '');
      await client.invalidateQueries({ queryKey: stationQueryKeys.settings });
    }
    const { sharedPassword } = steps;
    if (sharedPassword !== null) {
      const status = await storeSecret('sharedPassword', (acceptWeakProtection) =>
        station['shared-mode.set-password'](acceptWeakProtection ? { password: sharedPassword, acceptWeakProtection } : { password: sharedPassword }),
      );
      form.setFieldValue(['sharedMode', 'password'], '');
      client.setQueryData(sharedModeStatusKey, status);
    }
    // The account bar and ship-from ask again with the saved account and token.
    if (steps.patch.gateway !== undefined || steps.token !== null) await refetchAccountData(client);
  }, [form, view, client, station, storeToken, storeSecret]);
  const setOverride = useCallback((endpoint: keyof SettingsFormValues['vvtypeOverrides'], text: string) => form.setFieldValue(['vvtypeOverrides', endpoint], text), [form]);
  const leaveAsked = useRef(false);
  const save = useMutation({ mutationFn: saveChanges, onSuccess: () => void message.success(t('settings.saved')) });

  const close = () => {
    if (!dirty) {
      setSettingsOpen(false);
      return;
    }
    // One question at a time: a second Esc or click while it is asked adds no second dialog.
    if (leaveAsked.current) return;
    leaveAsked.current = true;
    void modal.confirm({
      title: t('settings.leave.title'),
      content: t('settings.leave.content'),
      okText: t('settings.leave.discard'),
      okButtonProps: { danger: true },
      cancelText: t('settings.leave.stay'),
      scrollLock: false,
      onOk: () => setSettingsOpen(false),
      afterClose: () => {
        leaveAsked.current = false;
      },
    });
  };
  useWindowShortcuts({ escape: close });

  const goTo = (section: (typeof SETTINGS_SECTIONS)[number]) => {
    const element = document.getElementById(settingsSectionElementId(section));
    element?.scrollIntoView({ block: 'start' });
    element?.focus({ preventScroll: true });
  };
  const outputUnsaved = pending.patch.print?.output !== undefined || pending.patch.print?.componentUrl !== undefined;

  return (
    <div className="settings">
      <aside className="settings__side">
        <Typography.Title level={2} className="settings__title">
          {t('settings.title')}
        </Typography.Title>
        <nav aria-label={t('settings.sectionsLabel')} className="settings__nav">
          {SETTINGS_SECTIONS.map((section) => (
            <Button key={section} type="text" size="large" onClick={() => goTo(section)} className="settings__nav-button">
              {t(`settings.section.${section}`)}
            </Button>
          ))}
        </nav>
        <div className="settings__status" role="status">
          {dirty ? (
            <Typography.Text type="warning">
              <EditFilled aria-hidden /> {t('settings.unsaved')}
            </Typography.Text>
          ) : (
            <Typography.Text type="success">
              <CheckCircleFilled aria-hidden /> {t('settings.allSaved')}
            </Typography.Text>
          )}
        </div>
        <Button type="primary" size="large" block icon={<SaveOutlined aria-hidden />} disabled={!dirty} loading={save.isPending} onClick={() => save.mutate()}>
          {t('settings.save')}
        </Button>
        <Button size="large" block icon={<ArrowLeftOutlined aria-hidden />} onClick={close}>
          {t('settings.close')} <kbd>Esc</kbd>
        </Button>
        {save.isError ? isFieldErrors(save.error) ? <Alert type="error" showIcon role="alert" title={t('settings.fixFields')} /> : <StationErrorAlert error={stationErrorOf(save.error)} /> : null}
      </aside>
      <Form<SettingsFormValues> form={form} name="settings" layout="vertical" initialValues={initialValues} requiredMark={false} size="large" className="settings__form">
        <ConnectionPart view={view} gatewayMode={values.gatewayMode} saveChanges={saveChanges} />
        <PrintingPart output={values.output} gatewayMode={values.gatewayMode} printer={values.printer} templates={values.templates} labelSizes={values.labelSizes} outputUnsaved={outputUnsaved} />
        <SenderPart shipFrom={view.settings.shipFrom} demo={values.gatewayMode === 'demo'} />
        <DeskPart />
        <GeneralPart language={view.settings.ui.language} />
        <SharedModePart saveChanges={saveChanges} />
        <OperatorsPart />
        <AdvancedPart edition={values.edition} setOverride={setOverride} />
      </Form>
    </div>
  );
}

/**
 * Settings (F2, or the header's button): everything the station keeps, grouped — the gateway
 * connection, printing, the sender, language and data retention, and the advanced settings
 * folded away. A save sends only what changed; leaving with unsaved changes asks first.
 */
export function SettingsScreen() {
  const settings = useSettingsQuery();
  if (settings.isError) return <StationErrorAlert error={stationErrorOf(settings.error)} />;
  if (settings.isPending) return <Skeleton active className="settings" />;
  return <SettingsEditor view={settings.data} />;
}
