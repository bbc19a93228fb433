import { useTranslation } from 'react-i18next';
import type { AnnouncementClass } from '../../../../shared/api';
import { ClassMark } from '../../components/ClassMark';

const CLASSES: AnnouncementClass[] = ['TRUTHFUL', 'OVER', 'UNDER', 'BLIND', 'PASS'];

/** What the marks on the announcements mean, once. */
export function ClassLegend() {
  const { t } = useTranslation();
  return (
    <dl className="legend">
      {CLASSES.map((c) => (
        <div key={c}>
          <dt>
            <ClassMark classification={c} />
          </dt>
          <dd>{t(`replay.legend.${c.toLowerCase()}`)}</dd>
        </div>
      ))}
    </dl>
  );
}
