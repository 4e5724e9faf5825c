import { FlagFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SELLER_FLAGS, type SellerFlagValue } from '../../../shared/domain/seller-flags';

/** A seller flag as the filters list it: its colour and its name ("no flag" for 0). */
export function FlagLabel({ value }: { value: SellerFlagValue }) {
  const { t } = useTranslation();
  const css = SELLER_FLAGS.find((flag) => flag.value === value)?.css;
  return (
    <span className="flag-label">
      <FlagFilled style={{ color: css }} aria-hidden />
      {t(`flags.${value}`)}
    </span>
  );
}
