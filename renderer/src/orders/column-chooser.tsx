import { ArrowDownOutlined, ArrowUpOutlined, TableOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALWAYS_SHOWN, withColumnMoved, withColumnShown } from './column-set';
import { ORDER_COLUMNS } from './order-columns';
import { useOrderColumnSet } from './use-order-columns';

/**
 * "Columns n/m": which columns the orders table shows and in which order (the shown ones first, in
 * their order, each with its up and down arrows; the hidden ones after, a tick away), and "Default
 * columns". Every change shows at once and is remembered for the next start.
 */
export function ColumnChooser() {
  const { t } = useTranslation();
  const { set, save } = useOrderColumnSet();
  const hidden = ORDER_COLUMNS.filter((column) => !set.shown.includes(column.id));
  const listed = [...set.shown.flatMap((id) => ORDER_COLUMNS.find((column) => column.id === id) ?? []), ...hidden];

  const content = (
    <div className="column-chooser" role="group" aria-label={t('orders.columnChooser.label')}>
      <ul className="column-chooser__list">
        {listed.map((column) => {
          const name = t(column.header);
          const index = set.shown.indexOf(column.id);
          return (
            <li key={column.id}>
              <Checkbox checked={index >= 0} disabled={column.id === ALWAYS_SHOWN} onChange={(event) => save(withColumnShown(set, column.id, event.target.checked))}>
                {name}
              </Checkbox>
              {index >= 0 ? (
                <span className="column-chooser__moves">
                  <Button size="small" type="text" icon={<ArrowUpOutlined aria-hidden />} aria-label={t('orders.columnChooser.moveLeft', { column: name })} disabled={index === 0} onClick={() => save(withColumnMoved(set, column.id, -1))} />
                  <Button size="small" type="text" icon={<ArrowDownOutlined aria-hidden />} aria-label={t('orders.columnChooser.moveRight', { column: name })} disabled={index === set.shown.length - 1} onClick={() => save(withColumnMoved(set, column.id, 1))} />
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      <Button size="small" onClick={() => save(null)}>
        {t('orders.columnChooser.reset')}
      </Button>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" content={content}>
      <Button icon={<TableOutlined aria-hidden />}>{t('orders.columnChooser.button', { shown: set.shown.length, count: ORDER_COLUMNS.length })}</Button>
    </Popover>
  );
}
