import { CheckSquareOutlined, CloseSquareOutlined, HistoryOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUi } from '../app/ui-store-context';
import { DesksButton } from '../desks/desks-view';
import { ColumnChooser } from './column-chooser';
import { plannableKeys, type OrderView } from './order-view';

/** Props of the selection bar. */
export interface SelectionBarProps {
  /** Every loaded order. */
  loaded: number;
  /** The orders the filters show. */
  shown: readonly OrderView[];
}

/** How many orders are loaded, shown and selected, with "select all shown" (those this desk may plan), "clear", the ways into the history and the desks, and the column chooser. */
export function SelectionBar({ loaded, shown }: SelectionBarProps) {
  const { t } = useTranslation();
  const selected = useUi((state) => state.selection.selected);
  const selectRows = useUi((state) => state.selectRows);
  const clearSelection = useUi((state) => state.clearSelection);
  const setHistoryOpen = useUi((state) => state.setHistoryOpen);
  const selectable = plannableKeys(shown);
  const hidden = [...selected].length - shown.reduce((count, view) => count + (selected.has(view.key) ? 1 : 0), 0);

  return (
    <div className="desk-selection">
      <Typography.Text role="status" aria-live="polite" className="desk-selection__counts">
        {t('selection.counts', { loaded, shown: shown.length, selected: selected.size })}
        {hidden > 0 ? <Typography.Text type="warning">{t('selection.hidden', { count: hidden })}</Typography.Text> : null}
      </Typography.Text>
      <Space>
        <Button icon={<CheckSquareOutlined aria-hidden />} disabled={selectable.length === 0} onClick={() => selectRows(selectable)}>
          {t('selection.selectAllShown', { count: selectable.length })} <kbd>Ctrl+A</kbd>
        </Button>
        <Button icon={<CloseSquareOutlined aria-hidden />} disabled={selected.size === 0} onClick={clearSelection}>
          {t('selection.clear')} <kbd>Esc</kbd>
        </Button>
        <Button icon={<HistoryOutlined aria-hidden />} onClick={() => setHistoryOpen(true)}>
          {t('history.open')}
        </Button>
        <DesksButton />
        <ColumnChooser />
      </Space>
    </div>
  );
}
