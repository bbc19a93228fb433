import { useTranslation } from 'react-i18next';
import type { OddsTables } from '../../../shared/api';
import { apiPaths } from '../api/client';
import { useApi } from '../api/useApi';
import { DiceFaces } from '../components/Dice';
import { ApiView } from '../components/PageState';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { claimLabel } from '../labels/claims';

type Preset = OddsTables['presets'][number];

/** `/odds`: each preset's ranking, best first, and the chance one roll beats each claim. */
export default function OddsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('odds.title'));
  const odds = useApi<OddsTables>(apiPaths.odds());
  return (
    <>
      <h1>{t('odds.title')}</h1>
      <p className="lead">{t('odds.intro')}</p>
      <ApiView state={odds}>
        {(data) => (
          <div className="odds-grid">
            {data.presets.map((p) => (
              <OddsTable key={p.preset} preset={p} />
            ))}
          </div>
        )}
      </ApiView>
    </>
  );
}

function OddsTable({ preset }: { preset: Preset }) {
  const { t, i18n } = useTranslation();
  const headingId = `odds-${preset.preset}`;
  const fmt = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  return (
    <section aria-labelledby={headingId} className="odds">
      <h2 id={headingId}>{t(`odds.preset.${preset.preset}`)}</h2>
      <p className="meta">{t(`odds.presetNote.${preset.preset}`)}</p>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col" className="num">
              {t('odds.col.rank')}
            </th>
            <th scope="col">{t('odds.col.claim')}</th>
            <th scope="col">{t('odds.col.beaten')}</th>
          </tr>
        </thead>
        <tbody>
          {preset.rows.map((row, i) => (
            <tr key={row.claim}>
              <td className="num">{i + 1}</td>
              <th scope="row" className="nowrap">
                {claimLabel(t, preset.ranking, row.claim)} <DiceFaces dice={[Math.floor(row.claim / 10), row.claim % 10]} />
              </th>
              <td>
                <span className="odds-bar">
                  <span className="num">{fmt.format(row.percent / 100)}</span>
                  <meter min={0} max={100} value={row.percent} aria-hidden="true" />
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
