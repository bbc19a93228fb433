import { useTranslation } from 'react-i18next';
import { dieFace } from '../labels/claims';

/** Two dice as faces (⚄⚂), named for screen readers ("5 and 3"). */
export function DiceFaces({ dice }: { dice: readonly [number, number] | readonly number[] }) {
  const { t } = useTranslation();
  const [high = 0, low = 0] = dice;
  return (
    <span className="dice" role="img" aria-label={t('dice.pair', { high, low })}>
      <span aria-hidden="true">
        {dieFace(high) ?? high}
        {dieFace(low) ?? low}
      </span>
    </span>
  );
}
