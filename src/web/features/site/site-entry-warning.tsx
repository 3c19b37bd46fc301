import { useEffect, useState } from 'react';
import { Modal } from '../../components/ui/modal.tsx';
import { dismiss, dismissedAt, isStandaloneApp } from '../../lib/dismissals.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { shouldShowSiteEntryWarning } from './site-entry-warning.logic.ts';

type Props = {
  siteName: string;
  minAge: number;
  setting: string;
  country: string | null;
  allowedCountries: string[];
  fictionalPlural: string;
  loggedIn: boolean;
};

export function SiteEntryWarning({
  siteName,
  minAge,
  setting,
  country,
  allowedCountries,
  fictionalPlural,
  loggedIn,
}: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    // Decided in the browser: installed-app mode and the stored dismissal exist only there.
    setOpen(
      shouldShowSiteEntryWarning({
        standalone: isStandaloneApp(),
        dismissedAt: dismissedAt('site_entry_warning'),
        loggedIn,
        setting,
        country,
        allowedCountries,
      }),
    );
  }, [loggedIn, setting, country, allowedCountries]);
  const accept = () => {
    dismiss('site_entry_warning');
    setOpen(false);
  };
  return (
    <Modal
      open={open}
      size="lg"
      className="site-entry-warning"
      title={t('entry_warning.title', { site_name: siteName })}
      footer={
        <>
          <a href="https://www.google.com" className="btn btn-outline-secondary" rel="noopener noreferrer">
            {t('entry_warning.leave')}
          </a>
          <button type="button" className="btn btn-primary btn-lg" onClick={accept}>
            {t('entry_warning.accept', { min_age: minAge })}
          </button>
        </>
      }
    >
      <p className="lead">{t('entry_warning.intro', { site_name: siteName, min_age: minAge })}</p>
      <ul className="entry-warning-list">
        <li>{t('entry_warning.point_age', { min_age: minAge })}</li>
        <li>{t('entry_warning.point_content')}</li>
        <li>{t('entry_warning.point_fictional', { fictional_plural: fictionalPlural })}</li>
        <li>{t('entry_warning.point_costs')}</li>
      </ul>
      <p className="small text-body-secondary mb-0">{t('entry_warning.terms_note')}</p>
    </Modal>
  );
}
