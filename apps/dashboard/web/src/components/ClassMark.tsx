import { useTranslation } from 'react-i18next';
import type { AnnouncementClass } from '../../../shared/api';
import { CLASS_MARK } from '../labels/outcomes';

/** A replay's verdict on an announcement: symbol, colour and word together. */
export function ClassMark({ classification }: { classification: AnnouncementClass }) {
  const { t } = useTranslation();
  const mark = CLASS_MARK[classification];
  return (
    <span className={`mark ${mark.css}`}>
      <span aria-hidden="true">{mark.symbol}</span> {t(mark.key)}
    </span>
  );
}
