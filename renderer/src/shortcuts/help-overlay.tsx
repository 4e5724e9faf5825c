import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUi } from '../app/ui-store-context';
import { comboLabel, TABLE_KEYS, WINDOW_SHORTCUTS } from './shortcut-table';
import './help-overlay.css';

/** The keyboard shortcuts, listed from the one table the dispatcher uses (F1 or ?). */
export function HelpOverlay() {
  const { t } = useTranslation();
  const open = useUi((state) => state.helpOpen);
  const setOpen = useUi((state) => state.setHelpOpen);
  const click = t('shortcuts.click');
  const rows = [
    ...WINDOW_SHORTCUTS.map((shortcut) => ({ id: shortcut.action, combos: shortcut.combos })),
    ...TABLE_KEYS.map((entry) => ({ id: entry.id, combos: entry.combos })),
  ];
  return (
    <Modal open={open} onCancel={() => setOpen(false)} footer={null} title={t('shortcuts.title')} width={720} destroyOnHidden scrollLock={false}>
      <Typography.Paragraph type="secondary">{t('shortcuts.intro')}</Typography.Paragraph>
      <table className="help-overlay__table">
        <thead>
          <tr>
            <th scope="col">{t('shortcuts.keys')}</th>
            <th scope="col">{t('shortcuts.action')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>
                {row.combos.map((combo) => (
                  <kbd key={comboLabel(combo, click)}>{comboLabel(combo, click)}</kbd>
                ))}
              </td>
              <td>{t(`shortcuts.${row.id}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}
