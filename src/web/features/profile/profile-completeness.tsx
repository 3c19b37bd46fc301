import type { MouseEvent } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import type { Completeness } from './profile-form-logic.ts';

/** The target of each missing item: the photos, or the form control that answers it. */
const targetId = (item: Completeness['missing'][number]) =>
  item === 'photos' ? 'photos' : item === 'interests' ? 'interest-relationship' : `profile-${item}`;

/** How complete the profile is, with each missing answer as a shortcut to its field. */
export function ProfileCompleteness({ completeness }: { completeness: Completeness }) {
  const { t } = useTranslation();
  const { percent, missing } = completeness;
  const go = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    const target = document.getElementById(id);
    if (!target) return;
    event.preventDefault();
    target.scrollIntoView({ block: 'center', behavior: 'smooth' });
    target.focus({ preventScroll: true });
  };
  return (
    <section className="profile-card profile-completeness" aria-labelledby="completeness-title">
      <h2 id="completeness-title" className="profile-card-title">
        {t('completeness.title', { percent })}
      </h2>
      <div className="completeness-track" aria-hidden="true">
        <span style={{ width: `${percent}%` }} />
      </div>
      {missing.length === 0 ? (
        <p className="mb-0 completeness-done">{t('completeness.done')}</p>
      ) : (
        <>
          <p className="text-body-secondary small">{t('completeness.intro')}</p>
          <p className="completeness-todo">{t('completeness.todo')}</p>
          <ul className="completeness-list">
            {missing.map((item) => (
              <li key={item}>
                <a href={`#${targetId(item)}`} onClick={(e) => go(e, targetId(item))}>
                  {t(`fields.${item}`)}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
