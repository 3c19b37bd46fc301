import { useState } from 'react';
import { Switch } from '../../components/ui/switch.tsx';
import { CardSection } from '../../components/ui/titled-section.tsx';
import { useTranslation } from '../../lib/i18n.tsx';
import { useSession } from '../session/member-session.tsx';
import { useSetInvisible } from './privacy-queries.ts';

/**
 * The settings screen's invisible mode: a switch that applies at once, with what it does spelled
 * out beside it. While the call runs the switch shows the new position; a failure puts it back.
 */
export function InvisibleSection() {
  const { t } = useTranslation();
  const { user } = useSession();
  const save = useSetInvisible();
  const [failed, setFailed] = useState(false);
  if (!user) return null;
  const invisible = save.isPending ? save.variables : user.invisible;
  const change = (next: boolean) => {
    // Not disabled while saving: a disabled switch would drop the keyboard focus.
    if (save.isPending) return;
    setFailed(false);
    save.mutate(next, { onError: () => setFailed(true) });
  };
  return (
    <CardSection titleId="invisible-h" title={t('privacy.title')}>
      <Switch
        id="invisible"
        className="invisible-switch"
        label={t('privacy.switch_label')}
        checked={invisible}
        busy={save.isPending}
        describedBy="invisible-explain"
        onChange={change}
      />
      <p id="invisible-explain" className="form-text">
        {t('privacy.explain')}
      </p>
      <p className={`invisible-state mb-0${invisible ? ' is-invisible' : ''}`} role="status">
        {invisible ? t('privacy.on') : t('privacy.off')}
      </p>
      {failed && (
        <div className="alert alert-danger mt-3 mb-0" role="alert">
          {t('errors.general')}
        </div>
      )}
    </CardSection>
  );
}
