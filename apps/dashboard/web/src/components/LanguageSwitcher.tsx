import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES } from '../i18n/languages';
import { switchLanguage } from '../i18n/i18n';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className="language-switcher">
      {/* On a phone the label is hidden from sight (the select shows a language's own name) but not from screen readers. */}
      <label htmlFor={id} className="language-label">
        {t('app.language')}
      </label>
      <select
        id={id}
        value={i18n.language}
        onChange={(e) => {
          const code = e.target.value;
          if (isLanguage(code)) void switchLanguage(i18n, code);
        }}
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.name}
          </option>
        ))}
      </select>
    </div>
  );
}
