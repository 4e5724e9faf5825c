import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorRemedyKey, errorTextKey } from '../../../shared/errors/error-resources';
import type { StationError } from '../../../shared/errors/station-error';

/** A typed error as one line of a list: what happened, and (smaller) what to do. */
export function StationErrorLine({ error }: { error: StationError }) {
  const { t } = useTranslation();
  return (
    <span className="station-error-line">
      <Typography.Text type="danger">{t(errorTextKey(error.code), error.params)}</Typography.Text>{' '}
      <Typography.Text type="secondary">{t(errorRemedyKey(error.code), error.params)}</Typography.Text>
    </span>
  );
}
