import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StationError } from '../../../shared/errors/station-error';
import { localizedError } from '../errors/station-error-text';

/** A typed error as one line of a list: what happened, and (smaller) what to do. */
export function StationErrorLine({ error }: { error: StationError }) {
  const { t, i18n } = useTranslation();
  const { text, remedy } = localizedError(t, i18n.language, error);
  return (
    <span className="station-error-line">
      <Typography.Text type="danger">{text}</Typography.Text> <Typography.Text type="secondary">{remedy}</Typography.Text>
    </span>
  );
}
